import { type StatuteSummary } from '@legal/api';
import { Alert, Anchor, Badge, Box, Button, Grid, Group, Paper, Stack, Tabs, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { DateInput } from '../../components/DateInput';
import { useDocumentTitle } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { ProgressBar } from '../../components/ProgressBar';
import { useLocaleFormat } from '../../lib/i18n/locale-format';
import { BROWSER_TABS, type BrowserTab, type OpenArticle } from './browser-target';
import { ChatDirectoryGate } from './ChatDirectoryGate';
import { researchChatPath } from './research-path';
import { useImportStatus, useStatuteSearch, useStatuteVersion } from './research-queries';
import { StatuteHierarchy } from './StatuteHierarchy';
import { StatuteTimeline } from './StatuteTimeline';
import { StatuteToc } from './StatuteToc';
import './research-i18n';


/** What the browser shows, all in the URL: the search, the open version and article, the tab. */
function useBrowserState() {
  const [params, setParams] = useSearchParams();
  const tab = (BROWSER_TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as BrowserTab) : 'articles';
  const update = (change: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(change)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    });
  return {
    keyword: params.get('q') ?? '',
    inForceOn: params.get('on') ?? '',
    lawSerialNumber: params.get('mst'),
    article: params.get('article'),
    tab,
    update,
  };
}

function ImportProgress() {
  const { t } = useTranslation('research');
  const status = useImportStatus();
  const s = status.data;
  if (!s) return null;
  if (s.state === 'RUNNING') {
    const percent = s.totalFiles > 0 ? (s.importedFiles / s.totalFiles) * 100 : undefined;
    return (
      <Paper withBorder p="sm" radius="md">
        <ProgressBar value={percent} label={t('browser.importRunning', { imported: s.importedFiles, total: s.totalFiles, articles: s.articles })} />
      </Paper>
    );
  }
  if (s.state === 'FAILED') {
    return (
      <Alert color="red" variant="light" role="alert" title={t('browser.importFailed')}>
        {s.error ?? ''}
      </Alert>
    );
  }
  return null;
}

function SearchResults({ keyword, inForceOn, selected, onOpen }: { keyword: string; inForceOn: string; selected: string | null; onOpen: (s: StatuteSummary) => void }) {
  const { t } = useTranslation('research');
  const format = useLocaleFormat();
  const found = useStatuteSearch(keyword, inForceOn || undefined);
  if (!keyword.trim()) return <Text size="sm" c="dimmed">{t('browser.searchHint')}</Text>;
  if (found.isPending) return <LoadingState label={t('browser.searching')} />;
  if (found.isError) return <ErrorState error={found.error} onRetry={() => void found.refetch()} />;
  if (found.data.length === 0) return <EmptyState title={t('browser.noResults')} description={t('browser.noResultsHint')} />;
  return (
    <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('browser.results')}>
      {found.data.map((s) => (
        <li key={s.lawSerialNumber}>
          <UnstyledButton
            onClick={() => onOpen(s)}
            aria-current={s.lawSerialNumber === selected ? 'true' : undefined}
            p="xs"
            w="100%"
            style={{ borderRadius: 6, background: s.lawSerialNumber === selected ? 'var(--mantine-primary-color-light)' : undefined }}
          >
            <Group gap={6} wrap="nowrap">
              <Badge size="sm" variant="light" tt="none" style={{ flexShrink: 0 }}>
                {s.kind}
              </Badge>
              <Text size="sm" fw={500} style={{ minWidth: 0 }}>
                {s.title}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {t('browser.effective', { date: format.isoDate(s.effectiveDate) })} · {t('citation.mst', { mst: s.lawSerialNumber })}
            </Text>
          </UnstyledButton>
        </li>
      ))}
    </Stack>
  );
}

function StatuteView({ lawSerialNumber, article, tab, onOpen, onTab }: { lawSerialNumber: string; article: string | null; tab: BrowserTab; onOpen: OpenArticle; onTab: (tab: BrowserTab) => void }) {
  const { t } = useTranslation('research');
  const format = useLocaleFormat();
  const version = useStatuteVersion(lawSerialNumber);
  if (version.isPending) return <LoadingState label={t('browser.loadingStatute')} />;
  if (version.isError) return <ErrorState error={version.error} onRetry={() => void version.refetch()} />;
  const { statute, articles } = version.data;
  return (
    <Stack gap="sm">
      <div>
        <Group gap="xs">
          <Badge variant="light" tt="none">{statute.kind}</Badge>
          <Title order={2} size="h3">{statute.title}</Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t('browser.versionLine', {
            effective: format.isoDate(statute.effectiveDate),
            promulgated: format.isoDate(statute.promulgationDate),
            number: statute.promulgationNumber,
            mst: statute.lawSerialNumber,
            lawType: statute.lawType,
          })}
        </Text>
      </div>
      <Tabs value={tab} onChange={(next) => onTab((next as BrowserTab | null) ?? 'articles')} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="articles">{t('browser.tabArticles')}</Tabs.Tab>
          <Tabs.Tab value="history">{t('browser.tabHistory')}</Tabs.Tab>
          <Tabs.Tab value="hierarchy">{t('browser.tabHierarchy')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="articles" pt="sm">
          <StatuteToc articles={articles} selected={article} onSelect={(a) => onOpen({ lawSerialNumber, article: a })} />
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="sm">
          <StatuteTimeline statuteId={statute.lawId} current={lawSerialNumber} onOpen={onOpen} />
        </Tabs.Panel>
        <Tabs.Panel value="hierarchy" pt="sm">
          <StatuteHierarchy statuteId={statute.lawId} current={lawSerialNumber} onOpen={onOpen} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function BrowserScreen({ workspaceName, directory }: { workspaceName: string; directory: string }) {
  const { t } = useTranslation('research');
  const state = useBrowserState();
  const [draft, setDraft] = useState({ keyword: state.keyword, inForceOn: state.inForceOn });
  useDocumentTitle(`${t('browser.title')} · ${workspaceName}`);
  const search = (event: FormEvent) => {
    event.preventDefault();
    state.update({ q: draft.keyword.trim() || null, on: draft.inForceOn || null });
  };
  const open: OpenArticle = ({ lawSerialNumber, article, tab }) => state.update({ mst: lawSerialNumber, article: article ?? null, tab: tab ?? (article ? 'articles' : state.tab) });

  return (
    <Box px="md" py="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1} size="h2">{t('browser.title')}</Title>
            <Text size="sm" c="dimmed">{t('browser.description')}</Text>
          </div>
          <Anchor component={Link} to={researchChatPath(workspaceName, directory)} size="sm">
            {t('browser.backToChat')}
          </Anchor>
        </Group>
        <ImportProgress />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder radius="md" p="sm">
              <Stack gap="sm">
                <form onSubmit={search} role="search" aria-label={t('browser.search')}>
                  <Stack gap="xs">
                    <TextInput label={t('browser.keyword')} placeholder={t('browser.keywordPlaceholder')} value={draft.keyword} maxLength={100} onChange={(e) => setDraft({ ...draft, keyword: e.currentTarget.value })} />
                    <DateInput label={t('browser.inForceOn')} value={draft.inForceOn} onChange={(inForceOn) => setDraft({ ...draft, inForceOn })} />
                    <Button type="submit" disabled={!draft.keyword.trim()}>
                      {t('browser.searchButton')}
                    </Button>
                  </Stack>
                </form>
                <SearchResults keyword={state.keyword} inForceOn={state.inForceOn} selected={state.lawSerialNumber} onOpen={(s) => open({ lawSerialNumber: s.lawSerialNumber, tab: 'articles' })} />
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Paper withBorder radius="md" p="md">
              {state.lawSerialNumber ? (
                <StatuteView lawSerialNumber={state.lawSerialNumber} article={state.article} tab={state.tab} onOpen={open} onTab={(tab) => state.update({ tab })} />
              ) : (
                <EmptyState title={t('browser.pickTitle')} description={t('browser.pickDescription')} />
              )}
            </Paper>
          </Grid.Col>
        </Grid>
      </Stack>
    </Box>
  );
}

/** `/:workspaceName/:chatDirectory/statutes`: search the statutes, read one, its versions and its family. */
export function StatuteBrowserPage() {
  return <ChatDirectoryGate>{(entry, directory) => <BrowserScreen workspaceName={entry.workspaceName} directory={directory} />}</ChatDirectoryGate>;
}
