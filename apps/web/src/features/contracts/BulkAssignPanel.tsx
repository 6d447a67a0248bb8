import { Button, Fieldset, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GroupPicker } from './ContractPeopleFields';
import { type Person, PersonPicker } from './PeoplePicker';
import './contracts-i18n';

export interface BulkAssignActions {
  /** Makes a member the owner of the rows (PUT bulk-requests/users/v1); the server checks them again. */
  onAssignOwner: (rowNumbers: number[], ownerUserId: number) => Promise<unknown>;
  /** Puts the rows in a group (PUT bulk-requests/groups/v1). */
  onAssignGroup: (rowNumbers: number[], groupId: number) => Promise<unknown>;
  isAssigning: boolean;
}

/** The owner/group assignment for the rows chosen in the validation table. */
export function BulkAssignPanel({ rowNumbers, onAssignOwner, onAssignGroup, isAssigning, onAssigned }: BulkAssignActions & { rowNumbers: number[]; onAssigned: () => void }) {
  const { t } = useTranslation('contracts');
  const [owner, setOwner] = useState<Person | null>(null);
  const [group, setGroup] = useState<{ id: number; name: string } | null>(null);
  const isEmpty = rowNumbers.length === 0;
  // Errors are shown by the API client's toast; the selection stays so the user can try again.
  const run = (work: Promise<unknown>) => void work.then(onAssigned, () => undefined);
  return (
    <Fieldset legend={t('bulk.assign.label')} aria-label={t('bulk.assign.label')}>
      <Text size="sm" c="dimmed" mb="xs">
        {t('bulk.assign.selected', { count: rowNumbers.length })}
      </Text>
      <Group align="flex-end" gap="sm">
        <PersonPicker label={t('bulk.assign.owner')} value={owner} onChange={setOwner} />
        <Button variant="light" disabled={isEmpty || !owner} loading={isAssigning} onClick={() => owner && run(onAssignOwner(rowNumbers, owner.userId))}>
          {t('bulk.assign.assignOwner')}
        </Button>
        <GroupPicker value={group} onChange={setGroup} />
        <Button variant="light" disabled={isEmpty || !group} loading={isAssigning} onClick={() => group && run(onAssignGroup(rowNumbers, group.id))}>
          {t('bulk.assign.assignGroup')}
        </Button>
      </Group>
    </Fieldset>
  );
}
