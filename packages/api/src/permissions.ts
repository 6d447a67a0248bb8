/**
 * Named permissions the shell itself relies on (spec sections 5, 6, 8). The identity issue
 * extends this into the full catalogue; names are `<area>.<resource>.<verb>` strings.
 */
export const PERMISSION = {
  superAdminWorkspaceRead: 'super_admin.workspace.read',
  orderPublish: 'workspace.order.publish',
  orderPay: 'workspace.order.pay',
} as const;

export type ProductType = 'AI_REVIEW' | 'AI_STUDIO' | 'CLM' | 'E_CONTRACT' | 'LITIGATION' | 'SEAL';
