import {
  type ContractDetail, GroupBodySchema, OwnerBodySchema, UsersBodySchema, WatchersBodySchema, updateContractGroup, updateContractOwner,
  updateContractUsers, updateContractWatchers,
} from '@legal/api';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldAccessOf } from './contract-field-access';
import { errorAt, useErrorText } from './contract-form-errors';
import { useGroupOptions } from './contract-queries';
import { EditableField } from './EditableField';
import { type Person, PeopleMultiPicker, PersonPicker, usePersonName } from './PeoplePicker';
import { useFieldSave } from './use-field-save';
import './contracts-i18n';

interface FieldProps {
  contract: ContractDetail;
  access: FieldAccessOf;
}

function useNames() {
  const nameOf = usePersonName();
  return (people: readonly Person[]) => people.map(nameOf).join(', ');
}

/** The owner (contract.changeOwner); the server checks they may own contracts (400 on ownerUserId otherwise). */
export function OwnerField({ contract, access }: FieldProps) {
  const { t } = useTranslation('contracts');
  const nameOf = usePersonName();
  const errorText = useErrorText();
  const { save, errors, isSaving, clearErrors } = useFieldSave(contract.id, updateContractOwner, OwnerBodySchema);
  const { canEdit } = access('owner', 'canChangeOwner');
  return (
    <EditableField<Person | null>
      label={t('fields.owner')}
      display={nameOf(contract.owner)}
      canEdit={canEdit}
      initialDraft={() => contract.owner}
      isSaving={isSaving}
      onCancel={clearErrors}
      onSave={(draft, done) => (draft ? save({ ownerUserId: draft.userId }, done) : done())}
      renderEditor={(draft, setDraft) => (
        <PersonPicker
          label={t('fields.owner')}
          value={draft}
          onChange={setDraft}
          known={[...contract.watchers, ...contract.users]}
          error={errorText(errors.ownerUserId)}
        />
      )}
    />
  );
}

/** The group whose readers see the contract. */
export function GroupField({ contract, access }: FieldProps) {
  const { t } = useTranslation('contracts');
  const errorText = useErrorText();
  const { save, errors, isSaving, clearErrors } = useFieldSave(contract.id, updateContractGroup, GroupBodySchema);
  const { canEdit } = access('group');
  return (
    <EditableField<{ id: number; name: string } | null>
      label={t('fields.group')}
      display={contract.group?.name}
      canEdit={canEdit}
      initialDraft={() => contract.group}
      isSaving={isSaving}
      onCancel={clearErrors}
      onSave={(draft, done) => save({ groupId: draft?.id ?? null }, done)}
      renderEditor={(draft, setDraft) => <GroupPicker value={draft} onChange={setDraft} error={errorText(errors.groupId)} />}
    />
  );
}

export function GroupPicker({ value, onChange, error }: { value: { id: number; name: string } | null; onChange: (next: { id: number; name: string } | null) => void; error?: string }) {
  const { t } = useTranslation('contracts');
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search, 250);
  const groups = useGroupOptions(keyword);
  const options = new Map<string, string>(value ? [[String(value.id), value.name]] : []);
  for (const group of groups.data?.content ?? []) options.set(String(group.id), group.name);
  return (
    <Select
      label={t('fields.group')}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      data={[...options].map(([v, label]) => ({ value: v, label }))}
      value={value ? String(value.id) : null}
      onChange={(id) => onChange(id ? { id: Number(id), name: options.get(id) ?? id } : null)}
      filter={({ options: shown }) => shown}
      nothingFoundMessage={groups.isFetching ? t('people.searching') : t('people.noGroups')}
      error={error}
    />
  );
}

/** Watchers (contract.manageWatchers): they read the contract and hear of it. */
export function WatchersField({ contract, access }: FieldProps) {
  const { t } = useTranslation('contracts');
  const names = useNames();
  const errorText = useErrorText();
  const { save, errors, isSaving, clearErrors } = useFieldSave(contract.id, updateContractWatchers, WatchersBodySchema);
  const { canEdit } = access('watchers', 'canManageWatchers');
  return (
    <EditableField<Person[]>
      label={t('fields.watchers')}
      display={names(contract.watchers)}
      canEdit={canEdit}
      initialDraft={() => [...contract.watchers]}
      isSaving={isSaving}
      onCancel={clearErrors}
      onSave={(draft, done) => save({ watcherUserIds: draft.map((p) => p.userId) }, done)}
      renderEditor={(draft, setDraft) => (
        <PeopleMultiPicker label={t('fields.watchers')} value={draft} onChange={setDraft} error={errorText(errorAt(errors, 'watcherUserIds'))} />
      )}
    />
  );
}

/** Related users (담당자) who may read the contract. */
export function RelatedUsersField({ contract, access }: FieldProps) {
  const { t } = useTranslation('contracts');
  const names = useNames();
  const errorText = useErrorText();
  const { save, errors, isSaving, clearErrors } = useFieldSave(contract.id, updateContractUsers, UsersBodySchema);
  const { canEdit } = access('users');
  return (
    <EditableField<Person[]>
      label={t('fields.users')}
      display={names(contract.users)}
      canEdit={canEdit}
      initialDraft={() => [...contract.users]}
      isSaving={isSaving}
      onCancel={clearErrors}
      onSave={(draft, done) => save({ userIds: draft.map((p) => p.userId) }, done)}
      renderEditor={(draft, setDraft) => (
        <PeopleMultiPicker label={t('fields.users')} value={draft} onChange={setDraft} error={errorText(errorAt(errors, 'userIds'))} />
      )}
    />
  );
}
