import type { FindingDecision, ReviewContractType, ReviewPosition } from '@legal/api';

export type AiReviewAuditEvent =
  | { type: 'ai_review.review_started'; data: { reviewId: number; fileKey: string; revision: number; contractType: ReviewContractType; position: ReviewPosition; credits: number } }
  | { type: 'ai_review.finding_decided'; data: { reviewId: number; findingId: number; checkpointCode: string; decision: FindingDecision; before: FindingDecision; reason: string | null; isEdited: boolean } }
  | { type: 'ai_review.checkpoint_created'; data: { checkpointId: number; code: string; contractType: ReviewContractType } }
  | { type: 'ai_review.checkpoint_updated'; data: { checkpointId: number; code: string; isActive: boolean } }
  | { type: 'ai_review.checkpoint_deleted'; data: { checkpointId: number; code: string } }
  | { type: 'ai_review.checkpoints_imported'; data: { created: number; updated: number; unchanged: number; switched: number } }
  | { type: 'ai_review.clause_examples_imported'; data: { checkpoints: number; examples: number } }
  | { type: 'ai_review.standalone_created'; data: { standaloneContractId: number; title: string } }
  | { type: 'ai_review.standalone_document_set'; data: { standaloneContractId: number; fileKey: string } }
  | { type: 'ai_review.ood_config_changed'; data: { userId: number | null; minConfidence: number; action: string } };

declare module '../../platform/audit/audit' {
  interface AuditEventsByModule {
    aiReview: AiReviewAuditEvent;
  }
}
