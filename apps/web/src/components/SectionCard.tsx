import { Card, Text, Title, type TitleOrder } from '@mantine/core';
import { type ReactNode, useId } from 'react';

export interface SectionCardProps {
  title: ReactNode;
  /** A line under the title saying what the section is for. */
  description?: ReactNode;
  /** The heading level inside the page (default 3: a section of a page titled at level 2). */
  order?: TitleOrder;
  children: ReactNode;
}

/** A bordered card that is a named region of its page: its title labels it for assistive technology. */
export function SectionCard({ title, description, order = 3, children }: SectionCardProps) {
  const titleId = useId();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Title order={order} size="h4" id={titleId} mb={description ? 'xs' : 'md'}>
        {title}
      </Title>
      {description ? (
        <Text size="sm" c="dimmed" mb="md">
          {description}
        </Text>
      ) : null}
      {children}
    </Card>
  );
}
