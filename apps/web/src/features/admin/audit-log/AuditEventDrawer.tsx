import { type AuditEventItem, type AuditUserRef } from '@legal/api';
import { Badge, Button, Code, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailsTable } from '../../../components/DetailsTable';
import { useFormatDateTime } from '../../../lib/i18n';
import { AuditChangesView } from './AuditChangesView';
import { personName } from './audit-people';
import { useAuditTypeLabel } from './use-audit-type-label';
import './audit-log-i18n';

export interface AuditEventDrawerProps {
  event: AuditEventItem | null;
  onClose: () => void;
  onOnlyActor: (userId: number) => void;
  onOnlySubject: (userId: number) => void;
}

/** One event: when, what, who, from where, the before/after of each changed field and the recorded data. */
export function AuditEventDrawer({ event, onClose, onOnlyActor, onOnlySubject }: AuditEventDrawerProps) {
  const { t } = useTranslation('auditLog');
  const formatDateTime = useFormatDateTime();
  const typeLabel = useAuditTypeLabel();
  const unknown = (id: number) => t('unknownUser', { id });
  const person = (ref: AuditUserRef | null) =>
    ref ? (
      <Stack gap={0}>
        <Text size="sm">{personName(ref, unknown)}</Text>
        {ref.loginId && ref.loginId !== personName(ref, unknown) ? (
          <Text size="xs" c="dimmed">
            {ref.loginId}
          </Text>
        ) : null}
      </Stack>
    ) : (
      t('nobody')
    );

  let body: ReactNode = null;
  if (event) {
    const rows: Array<readonly [string, ReactNode]> = [
      [t('detail.when'), formatDateTime(event.createdAt)],
      [
        t('detail.type'),
        <Group key="type" gap={6}>
          <Text size="sm">{typeLabel(event.type)}</Text>
          <Code>{event.type}</Code>
        </Group>,
      ],
      [t('detail.scope'), event.isAccountEvent ? t('detail.accountEvent') : t('detail.workspaceEvent')],
      [t('detail.actor'), person(event.actor)],
      [t('detail.subject'), person(event.subject)],
      [t('detail.ip'), event.ip ?? t('nobody')],
      [t('detail.userAgent'), <Text key="ua" size="xs" style={{ wordBreak: 'break-word' }}>{event.userAgent ?? t('nobody')}</Text>],
    ];
    body = (
      <Stack gap="md">
        <DetailsTable rows={rows} labelWidth={120} />
        <Group gap="xs">
          {event.actor ? (
            <Button size="xs" variant="light" onClick={() => onOnlyActor(event.actor!.userId)}>
              {t('detail.onlyActor')}
            </Button>
          ) : null}
          {event.subject ? (
            <Button size="xs" variant="light" onClick={() => onOnlySubject(event.subject!.userId)}>
              {t('detail.onlySubject')}
            </Button>
          ) : null}
        </Group>
        <Stack gap="xs" component="section" aria-label={t('detail.changes')}>
          <Title order={3} size="h5">
            {t('detail.changes')}
          </Title>
          {event.changes.length > 0 ? <AuditChangesView changes={event.changes} /> : <Text size="sm" c="dimmed">{t('detail.noChanges')}</Text>}
        </Stack>
        <Stack gap="xs" component="section" aria-label={t('detail.data')}>
          <Title order={3} size="h5">
            {t('detail.data')}
          </Title>
          <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {JSON.stringify(event.data, null, 2)}
          </Code>
        </Stack>
      </Stack>
    );
  }

  return (
    <Drawer
      opened={event !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={
        <Group gap="xs">
          <Text fw={600}>{event ? typeLabel(event.type) : t('detail.title')}</Text>
          {event?.isAccountEvent ? <Badge variant="light" color="grape">{t('accountEvent')}</Badge> : null}
        </Group>
      }
      closeButtonProps={{ 'aria-label': t('detail.close') }}
    >
      {body}
    </Drawer>
  );
}
