import { EmptyState as MantineEmptyState } from '@mantine/core';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconInbox } from './icons';

export interface EmptyStateProps {
  title?: string;
  description?: string;
  icon?: ReactNode;
  /** A button or link that lets the user create the first item. */
  action?: ReactNode;
}

export function EmptyState({ title, description, icon, action }: EmptyStateProps) {
  const { t } = useTranslation();
  return (
    <MantineEmptyState
      py="xl"
      withIndicatorBackground
      icon={icon ?? <IconInbox size={28} stroke={1.5} aria-hidden="true" />}
      title={title ?? t('states.emptyTitle')}
      description={description ?? t('states.emptyDescription')}
    >
      {action ? <MantineEmptyState.Actions>{action}</MantineEmptyState.Actions> : null}
    </MantineEmptyState>
  );
}
