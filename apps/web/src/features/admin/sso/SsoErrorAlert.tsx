import { SSO_ERROR_CODES, type SsoErrorCode } from '@legal/api';
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import './sso-i18n';

const isKnown = (code: string): code is SsoErrorCode => (SSO_ERROR_CODES as readonly string[]).includes(code);

/** Why the SSO sign-in that brought the user back here failed (`/sign-in?sso_error=<code>`). */
export function SsoErrorAlert({ code }: { code: string }) {
  const { t } = useTranslation('sso');
  return (
    <Alert color="red" title={t('errors.title')} role="alert" mb="md">
      {isKnown(code) ? t(`errors.${code}`) : t('errors.unknown')}
    </Alert>
  );
}
