import type { ContractAbilities } from '@legal/api';

/**
 * Who may do what with contracts: pure rules over the caller's permissions and group memberships
 * and the facts of one contract. The list queries apply the same read rule in SQL
 * (contracts.visibility.ts); the tests hold the two together.
 */
export type ContractAction =
  | 'contract.use'
  | 'contract.read'
  | 'contract.create'
  | 'contract.update'
  | 'contract.delete'
  | 'contract.changeOwner'
  | 'contract.manageWatchers'
  | 'contract.bookmark';

export interface ContractActor {
  userId: number;
  permissions: ReadonlySet<string>;
  /** Groups the caller's membership belongs to (only loaded when group reading is granted). */
  groupIds: ReadonlySet<number>;
}

/** What the read rule needs to know of a contract. */
export interface ContractFacts {
  ownerUserId: number;
  groupId: number | null;
  watcherUserIds: ReadonlySet<number>;
  relatedUserIds: ReadonlySet<number>;
}

export const CONTRACT_PERMISSIONS = {
  read: 'contract.contract.read',
  write: 'contract.contract.write',
  admin: 'contract.contract.admin',
  groupRead: 'contract.group_contract.read',
  allRead: 'contract.all_contract.read',
} as const;

const P = CONTRACT_PERMISSIONS;

/** Holds a permission that reaches every contract of the workspace. */
export function readsEveryContract(actor: ContractActor): boolean {
  return actor.permissions.has(P.admin) || actor.permissions.has(P.allRead);
}

/** Reads the contracts the caller takes part in (owner, watcher, related user). */
export function readsOwnContracts(actor: ContractActor): boolean {
  return actor.permissions.has(P.read);
}

/** Reads the contracts of the groups the caller belongs to. */
export function readsGroupContracts(actor: ContractActor): boolean {
  return actor.permissions.has(P.groupRead);
}

function isParticipant(actor: ContractActor, c: ContractFacts): boolean {
  return c.ownerUserId === actor.userId || c.watcherUserIds.has(actor.userId) || c.relatedUserIds.has(actor.userId);
}

function canRead(actor: ContractActor, c: ContractFacts): boolean {
  if (readsEveryContract(actor)) return true;
  if (readsOwnContracts(actor) && isParticipant(actor, c)) return true;
  return readsGroupContracts(actor) && c.groupId !== null && actor.groupIds.has(c.groupId);
}

/** Writes: the owner holding contract.contract.write, or a contract admin. */
function canWrite(actor: ContractActor, c: ContractFacts): boolean {
  if (actor.permissions.has(P.admin)) return true;
  return actor.permissions.has(P.write) && c.ownerUserId === actor.userId;
}

export function allow(actor: ContractActor, action: 'contract.use' | 'contract.create'): boolean;
export function allow(actor: ContractActor, action: ContractAction, contract: ContractFacts): boolean;
export function allow(actor: ContractActor, action: ContractAction, contract?: ContractFacts): boolean {
  const p = actor.permissions;
  switch (action) {
    case 'contract.use':
      return readsEveryContract(actor) || readsOwnContracts(actor) || readsGroupContracts(actor);
    case 'contract.create':
      return p.has(P.write) || p.has(P.admin);
    case 'contract.read':
    case 'contract.bookmark':
      return contract !== undefined && canRead(actor, contract);
    case 'contract.update':
    case 'contract.delete':
    case 'contract.changeOwner':
    case 'contract.manageWatchers':
      return contract !== undefined && canRead(actor, contract) && canWrite(actor, contract);
  }
}

/** The abilities a contract answer carries, so the web app never re-derives them. */
export function abilitiesOf(actor: ContractActor, contract: ContractFacts): ContractAbilities {
  return {
    canUpdate: allow(actor, 'contract.update', contract),
    canDelete: allow(actor, 'contract.delete', contract),
    canChangeOwner: allow(actor, 'contract.changeOwner', contract),
    canManageWatchers: allow(actor, 'contract.manageWatchers', contract),
    canBookmark: allow(actor, 'contract.bookmark', contract),
  };
}

/** Counterparty bookmarks are the workspace's: writers add them, their creator or an admin changes them. */
export function allowBookmarkEdit(actor: ContractActor, bookmark: { createdByUserId: number | null }): boolean {
  if (actor.permissions.has(P.admin)) return true;
  return actor.permissions.has(P.write) && bookmark.createdByUserId === actor.userId;
}
