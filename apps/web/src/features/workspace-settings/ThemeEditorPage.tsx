import { useTranslation } from 'react-i18next';
import './workspace-settings-i18n';

/** Scaffold: the area's owner replaces this page. */
export function ThemeEditorPage() {
  const { t } = useTranslation('workspaceSettings');
  return <h2>{t('title')}</h2>;
}
