/** The audit events of role requests (members of the AuditEvent union in modules/auth/audit.ts). */
export type RoleRequestsAuditEvent =
  | { type: 'role_request.created'; data: { roleRequestId: number; roleId: number; approveUserId: number | null } }
  | { type: 'role_request.approved'; data: { roleRequestId: number; roleId: number; requesterUserId: number; comment: string | null } }
  | { type: 'role_request.rejected'; data: { roleRequestId: number; roleId: number; requesterUserId: number; comment: string } }
  | { type: 'role_request.canceled'; data: { roleRequestId: number; roleId: number } };
