import { DetailsTable } from '../../components/DetailsTable';
import { profile } from '@legal/api';
import { Badge, Card, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { api } from '../../lib/api';
import { useFormatDateTime } from '../../lib/i18n';
import { mergeUserInfo } from '../../lib/session';
import './account-i18n';

/** The account as the server knows it now (merged into the session's user info as it arrives). */
export function ProfileSummary() {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const query = useQuery({
    queryKey: ['auth', 'profile'],
    queryFn: async () => {
      const data = await api.call(profile);
      mergeUserInfo(data);
      return data;
    },
  });

  let body;
  if (query.isPending) body = <LoadingState />;
  else if (query.isError) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else {
    const user = query.data;
    const rows: Array<[string, ReactNode]> = [
      [t('profile.loginId'), user.loginId],
      [t('profile.name'), user.name],
      [t('profile.locale'), tc(`language.${user.locale}`)],
      [t('profile.passwordExpiresAt'), user.passwordExpiresAt ? formatDateTime(user.passwordExpiresAt) : t('profile.noExpiry')],
      [
        t('profile.sessionKind'),
        <Badge key="kind" variant="light" color={user.isSuperAdmin ? 'grape' : 'gray'}>
          {user.isSuperAdmin ? t('profile.superAdmin') : t('profile.regular')}
        </Badge>,
      ],
    ];
    body = (
      <DetailsTable rows={rows} labelWidth={160} spacing={6} />
    );
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="profile-title">
      <Title order={2} size="h4" id="profile-title" mb="sm">
        {t('profile.title')}
      </Title>
      {body}
    </Card>
  );
}
