import { Group, Stack, Text, Title } from '@mantine/core';
import { type ReactNode } from 'react';

export interface AdminPageHeaderProps {
  /** The page's heading (level 2: the console's own title is level 1). */
  title: string;
  description?: ReactNode;
  /** Shown beside the title (a status badge). */
  badge?: ReactNode;
  /** The page's main actions (a create button), at the end of the header. */
  actions?: ReactNode;
}

/** The heading block every page of the admin console starts with. */
export function AdminPageHeader({ title, description, badge, actions }: AdminPageHeaderProps) {
  const heading = (
    <Title order={2} size="h3">
      {title}
    </Title>
  );
  const block = (
    <Stack gap={2}>
      {badge ? (
        <Group gap="sm">
          {heading}
          {badge}
        </Group>
      ) : (
        heading
      )}
      {description ? (
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      ) : null}
    </Stack>
  );
  if (!actions) return block;
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap">
      {block}
      {actions}
    </Group>
  );
}
