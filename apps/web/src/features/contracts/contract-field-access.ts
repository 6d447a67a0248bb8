import { type ContractAbilities, type ContractField } from '@legal/api';

export type EditAbility = keyof Pick<ContractAbilities, 'canUpdate' | 'canChangeOwner' | 'canManageWatchers'>;

export interface FieldAccess {
  /** The caller may change these fields now. */
  canEdit: boolean;
  /** The contract's status freezes one of them (a running approval or signing). */
  isFrozen: boolean;
}

export type FieldAccessOf = (fields: ContractField | readonly ContractField[], ability?: EditAbility) => FieldAccess;

/**
 * Who may edit what, from the server's answer (permissions/v1: abilities and frozen fields); no
 * role is checked here. Until that answer is in, everything is read-only.
 */
export function fieldAccess(permissions: (ContractAbilities & { frozenFields: readonly ContractField[] }) | undefined): FieldAccessOf {
  return (fields, ability = 'canUpdate') => {
    if (!permissions) return { canEdit: false, isFrozen: false };
    const list: readonly ContractField[] = typeof fields === 'string' ? [fields] : fields;
    const isFrozen = list.some((field) => permissions.frozenFields.includes(field));
    return { canEdit: permissions[ability] && !isFrozen, isFrozen };
  };
}
