import type { SsoDiscoveryResult } from '@legal/api';
import { Alert, Code, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DetailsTable } from '../../../components/DetailsTable';

/** What the connection test found: the endpoints a sign-in uses, or why the provider could not be used. */
export function DiscoveryResult({ result }: { result: SsoDiscoveryResult }) {
  const { t } = useTranslation('sso');
  if (!result.isOk) {
    const error = result.error ?? { code: 'INVALID_METADATA' as const, status: null };
    return (
      <Alert color="red" title={t('discovery.failTitle')} role="alert">
        <Text size="sm">{t(`discovery.errors.${error.code}`, { status: error.status ?? '' })}</Text>
      </Alert>
    );
  }
  const value = (text: string | null) => (text ? <Code>{text}</Code> : t('discovery.none'));
  const pkce = result.isPkceS256Supported === null ? 'pkceUnknown' : result.isPkceS256Supported ? 'pkceYes' : 'pkceNo';
  return (
    <Alert color="green" title={t('discovery.okTitle')} role="status">
      <DetailsTable
        labelWidth={170}
        rows={[
          [t('discovery.issuer'), value(result.issuer)],
          [t('discovery.authorization'), value(result.authorizationEndpoint)],
          [t('discovery.token'), value(result.tokenEndpoint)],
          [t('discovery.jwks'), value(result.jwksUri)],
          [t('discovery.userinfo'), value(result.userinfoEndpoint)],
          [t('discovery.pkce'), t(`discovery.${pkce}`)],
        ]}
      />
    </Alert>
  );
}
