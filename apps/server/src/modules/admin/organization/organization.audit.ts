/** What a role looked like before and after a change (only the fields that can change). */
type RoleState = {
  name: string;
  description: string | null;
  permissions: string[];
};

type GroupState = {
  name: string;
  description: string | null;
};

/** A change of a set of members: user ids that joined and that left. */
type MembersDelta = {
  addedUserIds: number[];
  removedUserIds: number[];
};

type JobItemEvent<P extends 'job_title' | 'job_position'> =
  | { type: `${P}.created`; data: { id: number; name: string } }
  | { type: `${P}.renamed`; data: { id: number; before: string; after: string; affectedMembers: number } }
  | { type: `${P}.reordered`; data: { before: number[]; after: number[] } }
  | { type: `${P}.deleted`; data: { id: number; name: string; clearedFromMembers: number } };

/** The audit events of this admin area (members of the platform's AuditEvent union, see the end of this file). */
export type OrganizationAuditEvent =
  | { type: 'role.created'; data: { roleId: number } & RoleState }
  | { type: 'role.updated'; data: { roleId: number; code: string | null; before: RoleState; after: RoleState } }
  | { type: 'role.deleted'; data: { roleId: number } & RoleState }
  | { type: 'role.members_changed'; data: { roleId: number; code: string | null } & MembersDelta }
  | { type: 'group.created'; data: { groupId: number } & GroupState }
  | { type: 'group.updated'; data: { groupId: number; before: GroupState; after: GroupState } }
  | { type: 'group.deleted'; data: { groupId: number; memberUserIds: number[]; roleIds: number[] } & GroupState }
  | { type: 'group.members_changed'; data: { groupId: number } & MembersDelta }
  | { type: 'group.roles_changed'; data: { groupId: number; before: number[]; after: number[] } }
  | { type: 'division.created'; data: { divisionId: number; name: string; parentId: number | null } }
  | { type: 'division.renamed'; data: { divisionId: number; before: string; after: string } }
  | { type: 'division.moved'; data: { divisionId: number; before: number | null; after: number | null } }
  | { type: 'division.reordered'; data: { parentId: number | null; before: number[]; after: number[] } }
  | { type: 'division.deleted'; data: { divisionId: number; name: string; parentId: number | null; membersMovedTo: number | null; movedUserIds: number[] } }
  | { type: 'division.members_changed'; data: { divisionId: number } & MembersDelta }
  | JobItemEvent<'job_title'>
  | JobItemEvent<'job_position'>;

declare module '../../../platform/audit/audit' {
  interface AuditEventsByModule {
    adminOrganization: OrganizationAuditEvent;
  }
}
