import { Badge, Button, Group, Stack, Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { useLocaleFormat } from '../../lib/i18n/locale-format';
import { useStatuteHistory } from './research-queries';
import { type OpenArticle } from './browser-target';
import './research-i18n';

/** At most this many changed articles per version as buttons; the rest are counted. */
const SHOWN_CHANGES = 12;

/**
 * The versions of a statute on a timeline, newest first: when each took effect, how it was
 * amended, and the articles it changed (each opens that version at that article).
 */
export function StatuteTimeline({ statuteId, current, onOpen }: { statuteId: string; current: string; onOpen: OpenArticle }) {
  const { t } = useTranslation('research');
  const format = useLocaleFormat();
  const history = useStatuteHistory(statuteId);
  if (history.isPending) return <LoadingState label={t('browser.loadingHistory')} />;
  if (history.isError) return <ErrorState error={history.error} onRetry={() => void history.refetch()} />;
  const versions = history.data.versions;
  if (versions.length === 0) return <EmptyState title={t('browser.noVersions')} />;
  const activeIndex = versions.findIndex((v) => v.lawSerialNumber === current);

  return (
    <Timeline active={activeIndex} bulletSize={14} lineWidth={2} aria-label={t('browser.timeline')} role="list">
      {versions.map((v) => {
        const isCurrent = v.lawSerialNumber === current;
        return (
          <Timeline.Item
            key={v.lawSerialNumber}
            role="listitem"
            aria-current={isCurrent ? 'true' : undefined}
            title={
              <Group gap={6}>
                <Text size="sm" fw={600}>
                  {t('browser.effective', { date: format.isoDate(v.effectiveDate) })}
                </Text>
                {v.amendmentKind ? <Badge size="sm" variant="light" tt="none">{v.amendmentKind}</Badge> : null}
                {isCurrent ? <Badge size="sm" variant="outline" tt="none">{t('browser.shown')}</Badge> : null}
              </Group>
            }
          >
            <Stack gap={4}>
              <Text size="xs" c="dimmed">
                {t('browser.versionMeta', {
                  promulgated: format.isoDate(v.promulgationDate),
                  number: v.promulgationNumber,
                  mst: v.lawSerialNumber,
                  until: v.inForceUntil ? format.isoDate(v.inForceUntil) : t('browser.inForceNow'),
                })}
              </Text>
              {v.changedArticles.length > 0 ? (
                <Group gap={4} aria-label={t('browser.changedArticles')} role="group">
                  {v.changedArticles.slice(0, SHOWN_CHANGES).map((article) => (
                    <Button key={article} size="compact-xs" variant="light" tt="none" onClick={() => onOpen({ lawSerialNumber: v.lawSerialNumber, article })}>
                      {article}
                    </Button>
                  ))}
                  {v.changedArticles.length > SHOWN_CHANGES ? (
                    <Text size="xs" c="dimmed">
                      {t('browser.moreChanges', { count: v.changedArticles.length - SHOWN_CHANGES })}
                    </Text>
                  ) : null}
                </Group>
              ) : (
                <Text size="xs" c="dimmed">{t('browser.noChangedArticles')}</Text>
              )}
              {!isCurrent ? (
                <Button size="compact-xs" variant="subtle" w="fit-content" onClick={() => onOpen({ lawSerialNumber: v.lawSerialNumber, tab: 'articles' })}>
                  {t('browser.openVersion')}
                </Button>
              ) : null}
            </Stack>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
