import { Button, Card, Grid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { useHasAnyPermission } from '../../../lib/session';
import { useAdminWorkspace } from '../AdminLayout';
import { AdminPageHeader } from '../AdminPageHeader';
import { DivisionDialogs, type DivisionDialog } from './DivisionDialogs';
import { findNode } from './division-tree';
import { type DivisionAction, DivisionTreeView } from './DivisionTreeView';
import { MembersPanel } from './MembersPanel';
import { IconPlus } from './organization-icons';
import { useDivisionMembers, useDivisionMutations, useDivisionTree } from './organization-queries';
import './organization-i18n';

/** The members of the selected division, editable as a whole (members added here leave their old division). */
function DivisionMembers({ divisionId, name, canEdit }: { divisionId: number; name: string; canEdit: boolean }) {
  const { t } = useTranslation('organization');
  const members = useDivisionMembers(divisionId);
  const { setMembers } = useDivisionMutations();
  if (members.isPending) return <LoadingState />;
  if (members.isError) return <ErrorState error={members.error} onRetry={() => void members.refetch()} />;
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {name}
      </Title>
      <Text size="xs" c="dimmed">
        {t('divisions.membersNote')}
      </Text>
      <MembersPanel
        members={members.data.content}
        targetName={name}
        canEdit={canEdit}
        isSaving={setMembers.isPending}
        onChange={(userIds) => setMembers.mutate({ divisionId, userIds }, { onSuccess: () => notifications.show({ color: 'green', message: t('members.saved') }) })}
      />
    </Stack>
  );
}

/**
 * `/:workspaceName/admin/divisions` (workspace.group.write): the organisation chart as a tree
 * (create, rename, move by button or drag, reorder, delete) and the members of the selected division.
 */
export function DivisionsPage() {
  const { t } = useTranslation('organization');
  const entry = useAdminWorkspace();
  useDocumentTitle(`${t('divisions.title')} · ${entry.workspaceName}`);
  const canEdit = useHasAnyPermission(['workspace.group.write']);
  const tree = useDivisionTree();
  const { move, reorder } = useDivisionMutations();
  const [dialog, setDialog] = useState<DivisionDialog>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = tree.data && selectedId !== null ? findNode(tree.data, selectedId) : undefined;

  const act = async (action: DivisionAction) => {
    if (action.kind === 'reorder') return reorder.mutate({ parentId: action.parentId, orderedIds: action.orderedIds });
    if (action.kind === 'drop') {
      const { plan } = action;
      try {
        // The server appends a moved division to its new siblings; the order then puts it where it was dropped.
        if (plan.move) await move.mutateAsync({ divisionId: plan.divisionId, parentId: plan.move.parentId });
        if (plan.order) await reorder.mutateAsync(plan.order);
      } catch {
        // The API client has shown the failure; the tree refetches either way.
      }
      return;
    }
    setDialog(action.kind === 'create' ? { kind: 'create', parent: action.division } : { kind: action.kind, division: action.division });
  };

  return (
    <Stack gap="md">
      <AdminPageHeader
        title={t('divisions.title')}
        description={t('divisions.description')}
        actions={
          canEdit ? (
            <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setDialog({ kind: 'create', parent: null })}>
              {t('divisions.createRoot')}
            </Button>
          ) : null
        }
      />
      {tree.isPending ? (
        <LoadingState />
      ) : tree.isError ? (
        <ErrorState error={tree.error} onRetry={() => void tree.refetch()} />
      ) : tree.data.length === 0 ? (
        <EmptyState title={t('divisions.emptyTitle')} description={t('divisions.emptyDescription')} />
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Card withBorder radius="md" padding="sm">
              <DivisionTreeView tree={tree.data} selectedId={selectedId} onSelect={setSelectedId} onAction={(a) => void act(a)} canEdit={canEdit} isBusy={move.isPending || reorder.isPending} />
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Card withBorder radius="md" padding="md">
              {selected ? <DivisionMembers key={selected.id} divisionId={selected.id} name={selected.name} canEdit={canEdit} /> : <Text size="sm" c="dimmed">{t('divisions.selectHint')}</Text>}
            </Card>
          </Grid.Col>
        </Grid>
      )}
      <DivisionDialogs dialog={dialog} tree={tree.data ?? []} onClose={() => setDialog(null)} />
    </Stack>
  );
}
