import { type LegalHierarchy, type StatuteKind, type StatuteSummary } from '@legal/api';
import { Anchor, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { paragraphMark } from './citation-text';
import { useLegalHierarchy } from './research-queries';
import { type OpenArticle } from './browser-target';
import './research-i18n';

type Link = LegalHierarchy['links'][number];

/**
 * The statute's family (Act, Enforcement Decree, Rule) and which lower article implements which
 * upper one, grouped by the lower statute; every statute and article opens in the browser.
 */
export function StatuteHierarchy({ statuteId, current, onOpen }: { statuteId: string; current: string; onOpen: OpenArticle }) {
  const { t } = useTranslation('research');
  const hierarchy = useLegalHierarchy(statuteId);
  if (hierarchy.isPending) return <LoadingState label={t('browser.loadingHierarchy')} />;
  if (hierarchy.isError) return <ErrorState error={hierarchy.error} onRetry={() => void hierarchy.refetch()} />;
  const { act, decree, rule, links } = hierarchy.data;
  const family = [act, decree, rule].filter((s): s is StatuteSummary => s !== null);
  if (family.length === 0) return <EmptyState title={t('browser.noHierarchy')} />;
  const titleOf = (kind: StatuteKind) => family.find((s) => s.kind === kind)?.title ?? kind;
  const groups = (['시행령', '시행규칙'] as const).map((kind) => ({ kind, links: links.filter((l) => l.from.kind === kind) })).filter((g) => g.links.length > 0);

  return (
    <Stack gap="md">
      <nav aria-label={t('browser.family')}>
        <Stack gap={4} component="ol" style={{ margin: 0, paddingLeft: 20 }}>
          {family.map((s) => (
            <li key={s.lawSerialNumber}>
              <Anchor
                component="button"
                type="button"
                size="sm"
                fw={s.lawSerialNumber === current ? 700 : undefined}
                aria-current={s.lawSerialNumber === current ? 'true' : undefined}
                onClick={() => onOpen({ lawSerialNumber: s.lawSerialNumber, tab: 'articles' })}
              >
                {s.kind} · {s.title}
              </Anchor>
            </li>
          ))}
        </Stack>
      </nav>
      {groups.length === 0 ? (
        <Text size="sm" c="dimmed">{t('browser.noLinks')}</Text>
      ) : (
        groups.map((group) => (
          <Stack key={group.kind} gap={4}>
            <Title order={3} size="h5">
              {t('browser.implements', { lower: titleOf(group.kind) })}
            </Title>
            <Stack gap={2} component="ul" style={{ margin: 0, paddingLeft: 20 }} aria-label={t('browser.implements', { lower: titleOf(group.kind) })}>
              {group.links.map((link, i) => (
                <LinkRow key={i} link={link} onOpen={onOpen} />
              ))}
            </Stack>
          </Stack>
        ))
      )}
    </Stack>
  );
}

function LinkRow({ link, onOpen }: { link: Link; onOpen: OpenArticle }) {
  const { t } = useTranslation('research');
  return (
    <li>
      <Group gap={6} wrap="wrap">
        <Anchor component="button" type="button" size="sm" onClick={() => onOpen({ lawSerialNumber: link.from.lawSerialNumber, article: link.from.article })}>
          {link.from.kind} {link.from.article}
          {link.from.articleTitle ? ` ${link.from.articleTitle}` : ''}
        </Anchor>
        <Text size="sm" c="dimmed" aria-hidden="true">→</Text>
        <VisuallyHidden>{t('browser.implementsArticle')}</VisuallyHidden>
        <Anchor component="button" type="button" size="sm" onClick={() => onOpen({ lawSerialNumber: link.to.lawSerialNumber, article: link.to.article })}>
          {link.to.kind} {link.to.article}
          {link.to.paragraph ? ` ${paragraphMark(link.to.paragraph)}` : ''}
        </Anchor>
      </Group>
    </li>
  );
}
