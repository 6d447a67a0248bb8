import { type PermissionName } from '@legal/api';

/** Assigning reviewers and the assignment counts (the server answers 403 without it). */
export const ASSIGN_PERMISSIONS = ['legal.review.assign'] as const satisfies readonly PermissionName[];
/** Deciding approvals. */
export const APPROVE_PERMISSIONS = ['approval.approval.approve', 'approval.approval.read'] as const satisfies readonly PermissionName[];
