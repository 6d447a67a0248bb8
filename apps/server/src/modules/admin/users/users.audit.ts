/**
 * The profile fields of a membership as the audit trail records them (only the changed ones).
 * Type aliases, not interfaces: audit data must be assignable to a JSON record.
 */
export type AuditedProfile = {
  displayName?: string;
  phone?: string | null;
  employeeNumber?: string | null;
  divisionId?: number | null;
  divisionName?: string | null;
  jobTitleId?: number | null;
  jobTitleName?: string | null;
  jobPositionIds?: number[];
  jobPositionName?: string | null;
};

/** Roles as the audit trail records them: ids and names at the time of the change. */
export type AuditedRoles = {
  roleIds: number[];
  roles: string[];
};

/** The audit events of this admin area (members of the platform's AuditEvent union, see the end of this file). */
export type UsersAuditEvent =
  | { type: 'user.updated'; data: { membershipId: number; before: AuditedProfile; after: AuditedProfile } }
  | { type: 'user.roles_changed'; data: { membershipId: number; before: AuditedRoles; after: AuditedRoles } }
  | { type: 'user.deactivated'; data: { membershipId: number; revokedSessions: number; sessionIds: string[] } }
  | { type: 'user.reactivated'; data: { membershipId: number } }
  | { type: 'user.unlocked'; data: { failedLoginCount: number; lockedUntil: string } };

declare module '../../../platform/audit/audit' {
  interface AuditEventsByModule {
    adminUsers: UsersAuditEvent;
  }
}
