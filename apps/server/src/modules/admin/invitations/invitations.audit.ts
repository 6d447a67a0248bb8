/** The audit events of invitations (members of the platform's AuditEvent union, see the end of this file). */
export type InvitationsAuditEvent =
  | { type: 'invitation.created'; data: { invitationId: number; loginId: string; groupId: number | null; jobPositionIds: number[]; roleIds: number[]; expiresAt: string } }
  | { type: 'invitation.resent'; data: { invitationId: number; loginId: string; sendCount: number; expiresAt: string } }
  | { type: 'invitation.canceled'; data: { invitationId: number; loginId: string } }
  | { type: 'invitation.accepted'; data: { invitationId: number; loginId: string; membershipId: number; isNewAccount: boolean } };

declare module '../../../platform/audit/audit' {
  interface AuditEventsByModule {
    adminInvitations: InvitationsAuditEvent;
  }
}
