import { Anchor, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ErrorState';
import '../workspaces-i18n';

/** What a card needs of its TanStack query. */
export interface CardQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

export interface HomeCardProps<T> {
  title: string;
  /** "See all": where the whole list lives. */
  more?: { to: string; label: string };
  query: CardQuery<T>;
  isEmpty: (data: T) => boolean;
  /** What is true when there is nothing: said, not hidden. */
  empty: string;
  children: (data: T) => ReactNode;
  testId: string;
}

/** A home card: its title, then loading (placeholder lines), error (with retry), empty or the content. */
export function HomeCard<T>({ title, more, query, isEmpty, empty, children, testId }: HomeCardProps<T>) {
  const { t } = useTranslation('workspaces');
  let body: ReactNode;
  if (query.isPending) {
    body = (
      <Stack gap="xs" role="status" aria-busy="true" aria-label={t('home.loading', { title })}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={18} radius="sm" />
        ))}
      </Stack>
    );
  } else if (query.isError || query.data === undefined) {
    body = <ErrorState error={query.error} title={t('home.cardFailed', { title })} onRetry={() => void query.refetch()} />;
  } else if (isEmpty(query.data)) {
    body = (
      <Text size="sm" c="dimmed" py="md" data-testid={`${testId}-empty`}>
        {empty}
      </Text>
    );
  } else {
    body = children(query.data);
  }
  return (
    <HomeCardFrame title={title} more={more} testId={testId}>
      {body}
    </HomeCardFrame>
  );
}

/** The frame of every home card: a named region with its title and an optional "see all" link. */
export function HomeCardFrame({ title, more, testId, children }: { title: string; more?: HomeCardProps<unknown>['more']; testId: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId} data-testid={testId}>
      <Group justify="space-between" align="baseline" mb="sm" wrap="nowrap">
        <Title order={2} size="h5" id={titleId}>
          {title}
        </Title>
        {more ? (
          <Anchor component={Link} to={more.to} size="sm" style={{ whiteSpace: 'nowrap' }}>
            {more.label}
          </Anchor>
        ) : null}
      </Group>
      {children}
    </Card>
  );
}

/** A list of a card's rows, read out as a list. */
export function CardList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {children}
    </Stack>
  );
}

/** One row: the main line (usually a link) on the left, a short fact on the right, details under it. */
export function CardRow({ main, aside, details }: { main: ReactNode; aside?: ReactNode; details?: ReactNode }) {
  return (
    <Stack component="li" gap={2} py={8} style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <div style={{ minWidth: 0, flex: 1 }}>{main}</div>
        {aside ? <div style={{ flexShrink: 0 }}>{aside}</div> : null}
      </Group>
      {details ? (
        <Text size="xs" c="dimmed" truncate>
          {details}
        </Text>
      ) : null}
    </Stack>
  );
}
