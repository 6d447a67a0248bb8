export type EsignAuditEvent =
  | { type: 'esign.envelope_created'; data: { envelopeId: number; contractId: number | null; source: 'CONTRACT' | 'API'; partyCount: number } }
  | { type: 'esign.envelope_reminded'; data: { envelopeId: number; partyIds: number[] } }
  | { type: 'esign.envelope_resent'; data: { envelopeId: number; round: number; partyIds: number[] } }
  | { type: 'esign.envelope_voided'; data: { envelopeId: number; reason: string } }
  | { type: 'esign.envelope_expired'; data: { envelopeId: number } }
  | { type: 'esign.envelope_completed'; data: { envelopeId: number; contractId: number | null; signedSha256: string } }
  | { type: 'esign.signer_signed'; data: { envelopeId: number; partyId: number } }
  | { type: 'esign.signer_declined'; data: { envelopeId: number; partyId: number } }
  | { type: 'esign.seal_applied'; data: { envelopeId: number; partyId: number; sealName: string } }
  | { type: 'esign.certificate_uploaded'; data: { subject: string; issuer: string; serialNumber: string; notAfter: string; fingerprintSha256: string } }
  | { type: 'esign.certificate_deleted'; data: { subject: string; serialNumber: string; fingerprintSha256: string } };

declare module '../../platform/audit/audit' {
  interface AuditEventsByModule {
    esign: EsignAuditEvent;
  }
}
