import { type StatuteArticle } from '@legal/api';
import { Badge, Grid, NavLink, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import './research-i18n';

/** The table of contents of one version (its articles) beside the article picked, paragraph by paragraph. */
export function StatuteToc({ articles, selected, onSelect }: { articles: StatuteArticle[]; selected: string | null; onSelect: (article: string) => void }) {
  const { t } = useTranslation('research');
  if (articles.length === 0) return <EmptyState title={t('browser.noArticles')} />;
  const current = articles.find((a) => a.article === selected) ?? null;
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <ScrollArea.Autosize mah={560} type="auto" offsetScrollbars>
          <nav aria-label={t('browser.toc')}>
            {articles.map((a, i) => (
              <Fragment key={a.article}>
                {a.heading && a.heading !== articles[i - 1]?.heading ? (
                  <Text size="xs" fw={600} c="dimmed" pt={i === 0 ? 0 : 'xs'} pb={2}>
                    {a.heading.split(' > ').at(-1)}
                  </Text>
                ) : null}
                <NavLink
                  component="button"
                  active={a.article === selected}
                  aria-current={a.article === selected ? 'true' : undefined}
                  onClick={() => onSelect(a.article)}
                  label={`${a.article}${a.title ? ` ${a.title}` : ''}`}
                  description={a.isDeleted ? t('browser.deleted') : undefined}
                  py={4}
                />
              </Fragment>
            ))}
          </nav>
        </ScrollArea.Autosize>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 7 }}>
        {current ? <ArticleView article={current} /> : <Text size="sm" c="dimmed">{t('browser.pickArticle')}</Text>}
      </Grid.Col>
    </Grid>
  );
}

function ArticleView({ article }: { article: StatuteArticle }) {
  const { t } = useTranslation('research');
  return (
    <Stack gap="xs" role="region" aria-label={t('browser.articleView')}>
      {article.heading ? (
        <Text size="xs" c="dimmed">
          {article.heading}
        </Text>
      ) : null}
      <Title order={3} size="h4">
        {article.article}
        {article.title ? ` ${article.title}` : ''}
      </Title>
      {article.isDeleted ? <Badge color="gray" variant="outline" tt="none">{t('browser.deleted')}</Badge> : null}
      {/* The article's own text, as the statute prints it (paragraph marks, items and all). */}
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', lineHeight: 1.8 }}>
        {article.text}
      </Text>
    </Stack>
  );
}
