import { sql, type SQL } from 'drizzle-orm';
import { bigint, type PgColumn } from 'drizzle-orm/pg-core';
import type { TenantScope } from '../http/context';

/** The two columns every tenant-owned table starts with. */
export function tenantColumns() {
  return {
    tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
    workspaceId: bigint('workspace_id', { mode: 'number' }).notNull(),
  };
}

/**
 * Tables that are deliberately not tenant-owned (system-wide or spanning tenants). A table
 * without tenant columns must be listed here; a test walks the schema and enforces it.
 */
export const GLOBAL_TABLES = new Set<string>([
  'mail_outbox',
  'client_error_reports',
  // identity: the tenancy roots themselves, and what belongs to a person rather than a workspace
  'tenants',
  'workspaces',
  'users',
  'super_admins',
  'login_failures',
  'sessions',
  'refresh_tokens',
  'otp_challenges',
  'user_login_tracks',
  'password_reset_tokens',
  'sso_identities',
  // spans tenants: sign-in events have no workspace; scoped events carry tenant_id/workspace_id
  'audit_events',
  // public law (statutes in force), the same for every tenant
  'law_statutes',
  'law_articles',
  'law_precedents',
  'law_admin_rules',
  'law_local_ordinances',
  'law_source_syncs',
  // the research index over that law (passages of statute articles and their bigram postings)
  'research_passages',
  'research_passage_texts',
  'research_postings',
  'research_indexed_versions',
  'research_terms',
  'research_index_stats',
  'research_in_force_versions',
  // and its vectors per embedding model (the operator's, computed once for every workspace)
  'research_passage_embeddings',
  'research_embedding_models',
  // the statute versions the change detection has compared (the alerts themselves are tenant-owned)
  'statute_version_checks',
  // workflow presets are the product's, published by super admins (workspaces adapt them in workspace_workflow_presets)
  'workflow_presets',
  // AI prompts are the product's, versioned by super admins for every workspace
  'ai_prompts',
  // the starter playbook as shipped with the product (workspaces switch checkpoints on and off in their own table)
  'ai_review_starter_checkpoints',
]);

/** `tenant_id = $1 AND workspace_id = $2` for a table with tenant columns. */
export function inScope(table: { tenantId: PgColumn; workspaceId: PgColumn }, scope: TenantScope): SQL {
  if (!(scope.tenantId > 0 && scope.workspaceId > 0)) {
    throw new Error('inScope called without a tenant scope');
  }
  // One template rather than and(eq(), eq()): the same SQL in a third of the pieces, and it is
  // part of nearly every statement the app builds.
  return sql`(${table.tenantId} = ${scope.tenantId} and ${table.workspaceId} = ${scope.workspaceId})`;
}
