import type { DivisionNode } from '@legal/api';
import { ActionIcon, Badge, Group, Text, Tooltip, Tree, type TreeNodeData, UnstyledButton, getTreeExpandedState, useTree } from '@mantine/core';
import { type MouseEvent, type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { dropPlan, flattenTree, type DropPlan, siblingIds } from './division-tree';
import { shiftId } from './ordering';
import { IconArrowDown, IconArrowsMove, IconArrowUp, IconChevronDown, IconChevronRight, IconFolderPlus, IconPencil, IconTrash } from './organization-icons';
import './organization-i18n';

export type DivisionAction =
  | { kind: 'create' | 'rename' | 'move' | 'delete'; division: DivisionNode }
  | { kind: 'reorder'; parentId: number | null; orderedIds: number[] }
  | { kind: 'drop'; plan: DropPlan };

export interface DivisionTreeViewProps {
  tree: DivisionNode[];
  selectedId: number | null;
  onSelect: (divisionId: number) => void;
  onAction: (action: DivisionAction) => void;
  canEdit: boolean;
  isBusy: boolean;
}

const toData = (nodes: readonly DivisionNode[]): TreeNodeData[] => nodes.map((n) => ({ value: String(n.id), label: n.name, children: toData(n.children) }));

function NodeButton({ label, onClick, disabled, color, children }: { label: string; onClick: () => void; disabled?: boolean; color?: string; children: ReactNode }) {
  return (
    <Tooltip label={label} openDelay={400}>
      <ActionIcon
        variant="subtle"
        size="sm"
        color={color}
        aria-label={label}
        disabled={disabled}
        onClick={(event: MouseEvent) => {
          event.stopPropagation();
          onClick();
        }}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * The division tree (Mantine Tree, every branch open at first). Each division has buttons to add
 * a sub-division, rename, move, move up or down among its siblings and delete; dragging a
 * division onto another moves it (refused into its own subtree).
 */
export function DivisionTreeView({ tree, selectedId, onSelect, onAction, canEdit, isBusy }: DivisionTreeViewProps) {
  const { t } = useTranslation('organization');
  const data = useMemo(() => toData(tree), [tree]);
  const byId = useMemo(() => new Map(flattenTree(tree).map((d) => [d.id, d])), [tree]);
  const nodeOf = useMemo(() => {
    const map = new Map<number, DivisionNode>();
    const walk = (nodes: readonly DivisionNode[]) => nodes.forEach((n) => { map.set(n.id, n); walk(n.children); });
    walk(tree);
    return map;
  }, [tree]);
  const controller = useTree({ initialExpandedState: getTreeExpandedState(data, '*') });
  // Divisions created (or moved in) after the first render open, with their parent, so they show.
  const known = useRef(new Set(byId.keys()));
  const { expand } = controller;
  useEffect(() => {
    for (const division of byId.values()) {
      if (known.current.has(division.id)) continue;
      known.current.add(division.id);
      if (division.parentId !== null) expand(String(division.parentId));
    }
  }, [byId, expand]);

  return (
    <Tree
      data={data}
      tree={controller}
      aria-label={t('divisions.treeLabel')}
      expandOnClick={false}
      levelOffset="md"
      withLines
      onDragDrop={canEdit ? (payload) => { const plan = dropPlan(tree, payload); if (plan) onAction({ kind: 'drop', plan }); } : undefined}
      allowDrop={(payload) => dropPlan(tree, payload) !== null}
      renderNode={({ node, expanded, hasChildren, elementProps }) => {
        const division = nodeOf.get(Number(node.value))!;
        const siblings = siblingIds(tree, division.parentId);
        const up = shiftId(siblings, division.id, -1);
        const down = shiftId(siblings, division.id, 1);
        const isSelected = division.id === selectedId;
        return (
          <Group gap={4} wrap="nowrap" {...elementProps} data-selected={isSelected || undefined} bg={isSelected ? 'var(--mantine-primary-color-light)' : undefined} style={{ ...elementProps.style, borderRadius: 4 }}>
            {hasChildren ? (
              <ActionIcon
                variant="subtle"
                size="sm"
                color="gray"
                aria-label={t(expanded ? 'divisions.collapse' : 'divisions.expand', { name: division.name })}
                aria-expanded={expanded}
                onClick={(event: MouseEvent) => {
                  event.stopPropagation();
                  controller.toggleExpanded(node.value);
                }}
              >
                {expanded ? <IconChevronDown size={14} aria-hidden="true" /> : <IconChevronRight size={14} aria-hidden="true" />}
              </ActionIcon>
            ) : (
              <span style={{ width: 22, display: 'inline-block' }} aria-hidden="true" />
            )}
            <UnstyledButton onClick={() => onSelect(division.id)} style={{ flex: 1, minWidth: 0 }} aria-current={isSelected || undefined} aria-label={byId.get(division.id)?.path.join(' / ')}>
              <Group gap={6} wrap="nowrap">
                <Text size="sm" fw={isSelected ? 600 : 400} truncate>
                  {division.name}
                </Text>
                <Badge size="xs" variant="light" color="gray" aria-label={t('divisions.memberCount', { count: division.memberCount })}>
                  {division.memberCount}
                </Badge>
              </Group>
            </UnstyledButton>
            {canEdit ? (
              <Group gap={0} wrap="nowrap">
                <NodeButton label={t('divisions.addChild', { name: division.name })} onClick={() => onAction({ kind: 'create', division })} disabled={isBusy}>
                  <IconFolderPlus size={15} aria-hidden="true" />
                </NodeButton>
                <NodeButton label={t('divisions.rename', { name: division.name })} onClick={() => onAction({ kind: 'rename', division })} disabled={isBusy}>
                  <IconPencil size={15} aria-hidden="true" />
                </NodeButton>
                <NodeButton label={t('divisions.moveTo', { name: division.name })} onClick={() => onAction({ kind: 'move', division })} disabled={isBusy}>
                  <IconArrowsMove size={15} aria-hidden="true" />
                </NodeButton>
                <NodeButton label={t('order.up', { name: division.name })} onClick={() => up && onAction({ kind: 'reorder', parentId: division.parentId, orderedIds: up })} disabled={isBusy || !up}>
                  <IconArrowUp size={15} aria-hidden="true" />
                </NodeButton>
                <NodeButton label={t('order.down', { name: division.name })} onClick={() => down && onAction({ kind: 'reorder', parentId: division.parentId, orderedIds: down })} disabled={isBusy || !down}>
                  <IconArrowDown size={15} aria-hidden="true" />
                </NodeButton>
                <NodeButton
                  label={division.children.length > 0 ? t('divisions.deleteHasChildren', { name: division.name }) : t('divisions.delete', { name: division.name })}
                  onClick={() => onAction({ kind: 'delete', division })}
                  disabled={isBusy || division.children.length > 0}
                  color="red"
                >
                  <IconTrash size={15} aria-hidden="true" />
                </NodeButton>
              </Group>
            ) : null}
          </Group>
        );
      }}
    />
  );
}
