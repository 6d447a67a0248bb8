/** The audit events of role requests (members of the platform's AuditEvent union, see the end of this file). */
export type RoleRequestsAuditEvent =
  | { type: 'role_request.created'; data: { roleRequestId: number; roleId: number; approveUserId: number | null } }
  | { type: 'role_request.approved'; data: { roleRequestId: number; roleId: number; requesterUserId: number; comment: string | null } }
  | { type: 'role_request.rejected'; data: { roleRequestId: number; roleId: number; requesterUserId: number; comment: string } }
  | { type: 'role_request.canceled'; data: { roleRequestId: number; roleId: number } };

declare module '../../../platform/audit/audit' {
  interface AuditEventsByModule {
    adminRoleRequests: RoleRequestsAuditEvent;
  }
}
