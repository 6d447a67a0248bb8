import { type PermissionName } from '@legal/api';

/** Using the research chat (the server's `ai.research.use`): without it every chat call answers 403. */
export const RESEARCH_PERMISSIONS = ['ai.research.use'] as const satisfies readonly PermissionName[];
