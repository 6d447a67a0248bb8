import { ADMIN_NAV } from '../../features/admin/admin-nav';
import { AI_REVIEW_NAV } from '../../features/ai-review/ai-review-nav';
import { NOTICES_NAV } from '../../features/admin/notices/notices-nav';
import { ROLE_REQUESTS_NAV } from '../../features/admin/role-requests/role-requests-nav';
import { CONTRACTS_NAV } from '../../features/contracts/contracts-nav';
import { ESIGN_NAV } from '../../features/esign/esign-nav';
import { RESEARCH_NAV, RESEARCH_SUPER_ADMIN_NAV } from '../../features/research/research-nav';
import { SEALS_NAV } from '../../features/seals/seals-nav';
import { STANDARD_FORMS_NAV, STANDARD_FORMS_SUPER_ADMIN_NAV } from '../../features/standard-forms/standard-forms-nav';
import { FILES_NAV } from '../../features/files/files-nav';
import { SUPER_ADMIN_NAV } from '../../features/super-admin/super-admin-nav';
import { WORKFLOW_PRESETS_SUPER_ADMIN_NAV } from '../../features/workflows/presets/workflow-presets-nav';
import { WORKFLOWS_NAV } from '../../features/workflows/workflows-nav';
import { WORKSPACES_NAV } from '../../features/workspaces/workspaces-nav';
import { type NavEntry } from './nav-entry';

/**
 * Every entry of the signed-in navigation, in the order the side navigation lists them. A new
 * area (AI review, research, standard forms, workflow, e-sign) adds its `<area>-nav.ts` and one
 * line here; the shell filters by variant, product and permission (visibleNavEntries).
 * Loaded with the signed-in shell only, never with the sign-in page.
 */
export const NAV_ENTRIES: readonly NavEntry[] = [
  ...WORKSPACES_NAV,
  ...CONTRACTS_NAV,
  ...STANDARD_FORMS_NAV,
  ...WORKFLOWS_NAV,
  ...ESIGN_NAV,
  ...SEALS_NAV,
  ...AI_REVIEW_NAV,
  ...RESEARCH_NAV,
  ...FILES_NAV,
  ...NOTICES_NAV,
  ...ROLE_REQUESTS_NAV,
  ...ADMIN_NAV,
  ...SUPER_ADMIN_NAV,
  ...RESEARCH_SUPER_ADMIN_NAV,
  ...STANDARD_FORMS_SUPER_ADMIN_NAV,
  ...WORKFLOW_PRESETS_SUPER_ADMIN_NAV,
];
