import { type PermissionName } from '@legal/api';

/** Using AI review (the server's `ai.review.use`). */
export const AI_REVIEW_PERMISSIONS = ['ai.review.use'] as const satisfies readonly PermissionName[];
