import {
  CONTRACT_TYPES, type ContractType, getWorkspaceCategoryTypes, getWorkspaceContractTypes, listGlobalFormAvailabilityV2, putWorkspaceCategoryTypes,
  putWorkspaceContractTypes, setGlobalFormAvailabilityV1, workspaceKey,
} from '@legal/api';
import { ActionIcon, Alert, Button, Checkbox, Group, List, SimpleGrid, Stack, Switch, Table, TagsInput, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { SectionCard } from '../../../components/SectionCard';
import { api } from '../../../lib/api';
import { type SessionState, useSession } from '../../../lib/session';
import { AdminPageHeader } from '../../admin/AdminPageHeader';
import { WORKSPACE_CONTRACT_TYPES_KEY } from '../../contracts/contract-type-options';
import { useVocabulary } from '../../contracts/contract-vocabulary';
import { IconChevronDown, IconChevronUp } from '../standard-form-icons';
import '../standard-forms-i18n';

const selectWorkspaceKey = (s: SessionState) => workspaceKey(s.tenantId, s.workspaceId);

function useSettingsKey() {
  // Apart from the library's own keys, so that refreshing the library leaves these alone.
  return ['standardFormSettings', useSession(selectWorkspaceKey)] as const;
}

/** Moves the item at `index` one place up (-1) or down (+1). */
export function moveItem<T>(list: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

function ContractTypesSection() {
  const { t } = useTranslation('standardForms');
  const vocabulary = useVocabulary();
  const key = [...useSettingsKey(), 'contractTypes'];
  const client = useQueryClient();
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => api.call(getWorkspaceContractTypes, { signal }) });
  const [draft, setDraft] = useState<ContractType[] | null>(null);
  const save = useMutation({
    mutationFn: (contractTypes: ContractType[]) => api.call(putWorkspaceContractTypes, { body: { contractTypes } }),
    onSuccess: (data) => {
      client.setQueryData(key, data);
      setDraft(null);
      // The contract screens' type pickers follow the new list and order.
      void client.invalidateQueries({ queryKey: [WORKSPACE_CONTRACT_TYPES_KEY] });
      notifications.show({ color: 'green', message: t('settings.saved') });
    },
  });
  if (query.error) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <LoadingState />;
  const chosen = draft ?? query.data.contractTypes;
  // The workspace's types in its order (they can be moved), then the rest of the catalogue to add.
  const others = CONTRACT_TYPES.filter((type) => !chosen.includes(type));
  const onChange = (value: string[]) => setDraft([...chosen.filter((type) => value.includes(type)), ...others.filter((type) => value.includes(type))]);
  return (
    <Stack gap="sm">
      <Checkbox.Group value={chosen} onChange={onChange} aria-label={t('settings.contractTypes')}>
        <Stack gap={4}>
          <List listStyleType="none" spacing={4} aria-label={t('settings.chosenTypes')} type="ordered">
            {chosen.map((type, index) => {
              const label = vocabulary.label('contractType', type);
              return (
                <List.Item key={type}>
                  <Group gap="xs" wrap="nowrap" w={420} maw="100%">
                    <Text size="sm" c="dimmed" w={24} ta="right" aria-hidden="true">{index + 1}</Text>
                    <Checkbox value={type} label={label} style={{ flex: 1 }} />
                    <ActionIcon variant="subtle" aria-label={t('settings.moveUp', { type: label })} disabled={index === 0} onClick={() => setDraft(moveItem(chosen, index, -1))}>
                      <IconChevronUp size={16} aria-hidden="true" />
                    </ActionIcon>
                    <ActionIcon variant="subtle" aria-label={t('settings.moveDown', { type: label })} disabled={index === chosen.length - 1} onClick={() => setDraft(moveItem(chosen, index, 1))}>
                      <IconChevronDown size={16} aria-hidden="true" />
                    </ActionIcon>
                  </Group>
                </List.Item>
              );
            })}
          </List>
          {others.length > 0 ? (
            <>
              <Text size="sm" fw={500} mt="sm">{t('settings.otherTypes')}</Text>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
                {others.map((type) => <Checkbox key={type} value={type} label={vocabulary.label('contractType', type)} />)}
              </SimpleGrid>
            </>
          ) : null}
        </Stack>
      </Checkbox.Group>
      {chosen.length === 0 ? <Text size="sm" c="red">{t('settings.atLeastOne')}</Text> : null}
      {save.error ? <Alert color="red" role="alert">{save.error.message}</Alert> : null}
      <Group justify="flex-end">
        <Button onClick={() => save.mutate(chosen)} disabled={draft === null || chosen.length === 0} loading={save.isPending}>{t('settings.save')}</Button>
      </Group>
    </Stack>
  );
}

function CategoriesSection() {
  const { t } = useTranslation('standardForms');
  const key = [...useSettingsKey(), 'categoryTypes'];
  const client = useQueryClient();
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => api.call(getWorkspaceCategoryTypes, { signal }) });
  const [draft, setDraft] = useState<string[] | null>(null);
  const save = useMutation({
    mutationFn: (categoryTypes: string[]) => api.call(putWorkspaceCategoryTypes, { body: { categoryTypes } }),
    onSuccess: (data) => {
      client.setQueryData(key, data);
      setDraft(null);
      void client.invalidateQueries({ queryKey: ['standardForms'] });
      notifications.show({ color: 'green', message: t('settings.saved') });
    },
  });
  if (query.error) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <LoadingState />;
  const value = draft ?? query.data.categoryTypes;
  return (
    <Stack gap="sm">
      <TagsInput label={t('settings.categories')} description={t('settings.categoriesHint')} value={value} onChange={(next) => setDraft([...new Set(next.map((c) => c.trim()).filter(Boolean))])} maxTags={100} />
      <Group justify="flex-end">
        <Button onClick={() => save.mutate(value)} disabled={draft === null} loading={save.isPending}>{t('settings.save')}</Button>
      </Group>
    </Stack>
  );
}

function GlobalFormsSection() {
  const { t } = useTranslation('standardForms');
  const vocabulary = useVocabulary();
  const key = [...useSettingsKey(), 'globalForms'];
  const client = useQueryClient();
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => api.call(listGlobalFormAvailabilityV2, { signal }) });
  const toggle = useMutation({
    mutationFn: (body: { standardFormId: number; available: boolean }) => api.call(setGlobalFormAvailabilityV1, { body }),
    onSuccess: (data) => {
      client.setQueryData(key, data);
      void client.invalidateQueries({ queryKey: ['standardForms'] });
    },
  });
  if (query.error) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <LoadingState />;
  if (query.data.length === 0) return <EmptyState title={t('settings.noGlobalForms')} description={t('settings.noGlobalFormsHint')} />;
  return (
    <Stack gap="xs">
      {toggle.error ? <Alert color="red" role="alert">{toggle.error.message}</Alert> : null}
      <Table aria-label={t('settings.globalForms')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('settings.formTitle')}</Table.Th>
            <Table.Th>{t('create.contractType')}</Table.Th>
            <Table.Th>{t('create.language')}</Table.Th>
            <Table.Th>{t('settings.available')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {query.data.map((form) => (
            <Table.Tr key={form.standardFormId}>
              <Table.Td>{form.title} <Text span size="xs" c="dimmed">{t('versions.versionLabel', { version: form.latestVersion })}</Text></Table.Td>
              <Table.Td>{vocabulary.label('contractType', form.contractType)}</Table.Td>
              <Table.Td>{vocabulary.label('language', form.language)}</Table.Td>
              <Table.Td>
                <Switch
                  checked={form.available}
                  aria-label={t('settings.availableFor', { title: form.title })}
                  disabled={toggle.isPending}
                  onChange={(e) => toggle.mutate({ standardFormId: form.standardFormId, available: e.currentTarget.checked })}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** `/:workspaceName/admin/standard-forms`: the workspace's contract types, form categories and which global forms it offers. */
export function StandardFormSettingsPage() {
  const { t } = useTranslation('standardForms');
  useDocumentTitle(t('settings.title'));
  return (
    <Stack gap="lg">
      <AdminPageHeader title={t('settings.title')} description={t('settings.description')} />
      <SectionCard title={t('settings.contractTypes')} description={t('settings.contractTypesHint')}><ContractTypesSection /></SectionCard>
      <SectionCard title={t('settings.categories')}><CategoriesSection /></SectionCard>
      <SectionCard title={t('settings.globalForms')} description={t('settings.globalFormsHint')}><GlobalFormsSection /></SectionCard>
    </Stack>
  );
}
