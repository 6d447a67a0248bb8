import { Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailsTable } from '../../components/DetailsTable';
import { toLocale } from '../../lib/i18n';
import { type LauncherEntry, useHasAnyPermission } from '../../lib/session';
import { REPOSITORY_PERMISSIONS } from '../contracts/contract-permissions';
import { ExpiringContractsCard, RecentlyViewedCard, RemindersCard } from './home/ContractHomeCards';
import { HomeCardFrame } from './home/HomeCard';
import { localIsoDate } from './home/home-queries';
import { ContractStatsHomeCard, TodoCard, UnreadNoticesCard } from './home/WorkspaceHomeCards';
import { TodoHomeCard } from '../workflows/TodoHomeCard';
import { SubscriptionBadge } from './WorkspaceBadges';
import './workspaces-i18n';

/** The organisation's name in the interface language (its Korean name when it has no English one); the workspace name as a last resort. */
export function organizationTitle(entry: LauncherEntry, locale: 'ko' | 'en'): string {
  const name = locale === 'en' ? (entry.organizationNameEn ?? entry.organizationName) : entry.organizationName;
  return name || entry.workspaceName;
}

function MembershipCard({ entry }: { entry: LauncherEntry }) {
  const { t } = useTranslation('workspaces');
  const none = t('member.none');
  const rows: Array<[string, string]> = [
    [t('member.displayName'), entry.displayName],
    [t('member.division'), entry.divisionName ?? none],
    [t('member.position'), entry.jobPositionName ?? none],
    [t('member.jobTitle'), entry.jobTitleName ?? none],
  ];
  return (
    <HomeCardFrame title={t('home.membershipTitle')} testId="home-membership">
      <DetailsTable rows={rows} labelWidth={112} />
    </HomeCardFrame>
  );
}

/**
 * The workspace home: what needs the member today. To-dos, contracts ending within 90 days, their
 * reminders, what they opened lately, unread notices and the contract chart. Contract cards appear
 * only in a workspace with contract management (CLM) and for members who may read contracts.
 */
export function WorkspaceOverview({ entry }: { entry: LauncherEntry }) {
  const { t, i18n } = useTranslation('workspaces');
  const locale = toLocale(i18n.resolvedLanguage) ?? 'ko';
  const title = organizationTitle(entry, locale);
  useDocumentTitle(title);
  const canReadContracts = useHasAnyPermission(REPOSITORY_PERMISSIONS);
  const hasContracts = entry.products.some((p) => p.type === 'CLM') && canReadContracts;
  // The day the home was opened: the 90 days are counted from it.
  const today = useMemo(() => localIsoDate(new Date()), []);
  const name = entry.workspaceName;

  return (
    <Container size="xl" py="xl">
      <Stack gap="xl">
        <Stack gap={6}>
          <Group gap="sm" align="center">
            <Title order={1}>{title}</Title>
            <SubscriptionBadge status={entry.subscriptionStatus} />
          </Group>
          <Text c="dimmed">{t('home.subtitle', { name: entry.displayName, workspace: name, memo: entry.workspaceMemo || t('home.noMemo') })}</Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} spacing="lg">
          {hasContracts ? <ExpiringContractsCard workspaceName={name} today={today} /> : null}
          {hasContracts ? <TodoHomeCard workspaceName={name} /> : <TodoCard />}
          {hasContracts ? <RemindersCard workspaceName={name} /> : null}
          {hasContracts ? <RecentlyViewedCard workspaceName={name} /> : null}
          <UnreadNoticesCard workspaceName={name} />
          <MembershipCard entry={entry} />
        </SimpleGrid>
        {hasContracts ? <ContractStatsHomeCard workspaceName={name} /> : null}
      </Stack>
    </Container>
  );
}
