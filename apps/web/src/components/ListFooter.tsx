import { Group, Pagination, Text } from '@mantine/core';

/**
 * Under a paged list: how many there are in all, and the pages when there is more than one.
 * `page` is 0-based, as the API pages are.
 */
export function ListFooter({ total, totalPages, page, onPage, pagesLabel }: { total: string; totalPages: number; page: number; onPage: (page: number) => void; pagesLabel?: string }) {
  return (
    <Group justify="space-between">
      <Text size="xs" c="dimmed">
        {total}
      </Text>
      {totalPages > 1 ? <Pagination total={totalPages} value={page + 1} onChange={(p) => onPage(p - 1)} aria-label={pagesLabel} /> : null}
    </Group>
  );
}
