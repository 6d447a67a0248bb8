import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { type ReactNode } from 'react';
import { Link } from 'react-router';

export interface WorkspacePageHeaderProps {
  /** The workspace the page belongs to: a link back to its home above the title. */
  workspaceName: string;
  /** The page's heading (level 1). */
  title: string;
  description?: ReactNode;
  /** The page's main actions or a summary, at the end of the header. */
  aside?: ReactNode;
}

/** The heading block of a workspace page: the way home, the title, what the page is for, and its actions. */
export function WorkspacePageHeader({ workspaceName, title, description, aside }: WorkspacePageHeaderProps) {
  const block = (
    <Stack gap={4}>
      <Anchor component={Link} to={`/${encodeURIComponent(workspaceName)}`} size="sm">
        {workspaceName}
      </Anchor>
      <Title order={1}>{title}</Title>
      {description ? <Text c="dimmed">{description}</Text> : null}
    </Stack>
  );
  if (!aside) return block;
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap">
      {block}
      {aside}
    </Group>
  );
}
