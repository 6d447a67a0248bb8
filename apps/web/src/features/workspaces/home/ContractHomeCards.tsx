import { Anchor, Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatInstantDate, formatIsoDate, useFormatDateTime } from '../../../lib/i18n';
import { ContractStatusBadge } from '../../contracts/ContractStatusBadge';
import { useVocabulary } from '../../contracts/contract-vocabulary';
import { contractPath, contractsPath } from '../../contracts/contracts-path';
import { CardList, CardRow, HomeCard } from './HomeCard';
import {
  addDays, daysBetween, EXPIRING_WITHIN_DAYS, useExpiringContracts, useRecentlyViewedContracts, useUpcomingReminders,
} from './home-queries';

/** The colour of "days left": red within a month, orange within two, otherwise quiet. */
const urgency = (days: number) => (days <= 30 ? 'red' : days <= 60 ? 'orange' : 'gray');

function ContractLink({ workspaceName, contractId, title }: { workspaceName: string; contractId: number; title: string }) {
  return (
    <Anchor component={Link} to={contractPath(workspaceName, contractId)} size="sm" fw={600} lineClamp={1} title={title}>
      {title}
    </Anchor>
  );
}

/** Signed or active contracts ending within 90 days: each with its end date and the days left. */
export function ExpiringContractsCard({ workspaceName, today }: { workspaceName: string; today: string }) {
  const { t } = useTranslation('workspaces');
  const { locale } = useVocabulary();
  const query = useExpiringContracts(today, true);
  const filtered = new URLSearchParams([['status', 'SIGNED'], ['status', 'ACTIVE'], ['endFrom', today], ['endTo', addDays(today, EXPIRING_WITHIN_DAYS)], ['sort', 'endDate,asc']]);
  return (
    <HomeCard
      testId="home-expiring"
      title={t('home.expiring.title', { days: EXPIRING_WITHIN_DAYS })}
      more={{ to: `${contractsPath(workspaceName)}?${filtered.toString()}`, label: t('home.seeAll') }}
      query={query}
      isEmpty={(page) => page.content.length === 0}
      empty={t('home.expiring.empty', { days: EXPIRING_WITHIN_DAYS })}
    >
      {(page) => (
        <>
          <CardList label={t('home.expiring.title', { days: EXPIRING_WITHIN_DAYS })}>
            {page.content.map((c) => {
              const days = c.endDate ? daysBetween(today, c.endDate) : 0;
              return (
                <CardRow
                  key={c.id}
                  main={<ContractLink workspaceName={workspaceName} contractId={c.id} title={c.title} />}
                  aside={
                    <Badge color={urgency(days)} variant="light" style={{ textTransform: 'none' }}>
                      {days === 0 ? t('home.expiring.today') : t('home.expiring.daysLeft', { count: days })}
                    </Badge>
                  }
                  details={[t('home.expiring.ends', { date: formatIsoDate(c.endDate, locale) }), c.counterpartyNames.join(', ')].filter(Boolean).join(' · ')}
                />
              );
            })}
          </CardList>
          {page.totalElements > page.content.length ? (
            <Text size="xs" c="dimmed" mt="xs">
              {t('home.moreCount', { count: page.totalElements - page.content.length })}
            </Text>
          ) : null}
        </>
      )}
    </HomeCard>
  );
}

/** The caller's scheduled reminders, soonest first, each leading to its contract. */
export function RemindersCard({ workspaceName }: { workspaceName: string }) {
  const { t } = useTranslation('workspaces');
  const vocabulary = useVocabulary();
  const formatDateTime = useFormatDateTime();
  const query = useUpcomingReminders(true);
  return (
    <HomeCard
      testId="home-reminders"
      title={t('home.reminders.title')}
      query={query}
      isEmpty={(page) => page.content.length === 0}
      empty={t('home.reminders.empty')}
    >
      {(page) => (
        <CardList label={t('home.reminders.title')}>
          {page.content.map((r) => (
            <CardRow
              key={r.id}
              main={
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" fw={600} truncate title={r.title}>
                    {r.title}
                  </Text>
                  <Badge size="xs" variant="outline" color="gray" style={{ textTransform: 'none', flexShrink: 0 }}>
                    {vocabulary.label('reminderKind', r.kind)}
                  </Badge>
                </Group>
              }
              aside={
                <Text size="xs" c="dimmed">
                  {formatDateTime(r.remindAt)}
                </Text>
              }
              details={
                <Anchor component={Link} to={contractPath(workspaceName, r.contract.id)} size="xs">
                  {r.contract.title}
                </Anchor>
              }
            />
          ))}
        </CardList>
      )}
    </HomeCard>
  );
}

/** The contracts the caller opened lately, with their status and when they were opened. */
export function RecentlyViewedCard({ workspaceName }: { workspaceName: string }) {
  const { t } = useTranslation('workspaces');
  const { locale } = useVocabulary();
  const query = useRecentlyViewedContracts(true);
  return (
    <HomeCard
      testId="home-recent"
      title={t('home.recent.title')}
      query={query}
      isEmpty={(page) => page.content.length === 0}
      empty={t('home.recent.empty')}
    >
      {(page) => (
        <CardList label={t('home.recent.title')}>
          {page.content.map((c) => (
            <CardRow
              key={c.id}
              main={<ContractLink workspaceName={workspaceName} contractId={c.id} title={c.title} />}
              aside={<ContractStatusBadge status={c.status} />}
              details={t('home.recent.viewedOn', { date: formatInstantDate(c.viewedAt, locale) })}
            />
          ))}
        </CardList>
      )}
    </HomeCard>
  );
}
