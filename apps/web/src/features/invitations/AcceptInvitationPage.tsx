import { useTranslation } from 'react-i18next';
import './invitations-i18n';

/** Scaffold: the area's owner replaces this page. */
export function AcceptInvitationPage() {
  const { t } = useTranslation('invitations');
  return <h2>{t('title')}</h2>;
}
