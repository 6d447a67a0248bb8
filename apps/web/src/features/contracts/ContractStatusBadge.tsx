import { CONTRACT_STATUS_CATALOGUE, type ContractStatus, type ContractStatusGroup } from '@legal/api';
import { Badge } from '@mantine/core';
import { useVocabulary } from './contract-vocabulary';

/** In progress: blue; executed: green; closed: grey. A running approval or signing stands out. */
const GROUP_COLORS: Record<ContractStatusGroup, string> = { IN_PROGRESS: 'blue', EXECUTED: 'teal', CLOSED: 'gray' };
const STATUS_COLORS: Partial<Record<ContractStatus, string>> = { IN_APPROVAL: 'orange', IN_SIGNING: 'grape', CANCELED: 'red' };

export function statusColor(status: ContractStatus): string {
  const group = CONTRACT_STATUS_CATALOGUE.find((s) => s.code === status)?.group ?? 'CLOSED';
  return STATUS_COLORS[status] ?? GROUP_COLORS[group];
}

/** The lifecycle status of a contract (driven by the workflow engine once it exists). */
export function ContractStatusBadge({ status }: { status: ContractStatus }) {
  const vocabulary = useVocabulary();
  return (
    <Badge color={statusColor(status)} variant="light" data-status={status}>
      {vocabulary.label('status', status)}
    </Badge>
  );
}
