import type { ClauseLabel } from '@legal/api';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { inScope } from '../../../platform/db/tenancy';
import { type RequestContext, tenantScope } from '../../../platform/http/context';
import { allow, type ContractActor } from '../contracts.policy';
import { contracts } from '../contracts.table';
import { contractClauseLabels } from '../documents/contract-documents.table';
import { groupIdsOf, visibleTo } from '../contracts.visibility';

export interface ReadableClause {
  contractId: number;
  contractTitle: string;
  fileKey: string;
  revision: number;
  label: ClauseLabel;
  heading: string | null;
  text: string;
  startOffset: number;
  endOffset: number;
}

/**
 * The stored clause labels of the live contracts of the caller's workspace that the caller may
 * read (the contracts' read rule as SQL), newest analyses first, at most `limit`. A member with no
 * contract permission reads none (an empty list, not a refusal: other sources may still answer).
 */
export async function listReadableClauses(db: Db, ctx: RequestContext, filter: { label?: ClauseLabel; limit: number }): Promise<ReadableClause[]> {
  const principal = ctx.principal;
  if (principal?.kind !== 'user') return [];
  const scope = tenantScope(ctx);
  const actor: ContractActor = { userId: principal.userId, permissions: principal.permissions, groupIds: await groupIdsOf(db, scope, principal.permissions, principal.membershipId) };
  if (!allow(actor, 'contract.use')) return [];
  const rows = await db
    .select({
      contractId: contractClauseLabels.contractId, contractTitle: contracts.title, fileKey: contractClauseLabels.fileKey, revision: contractClauseLabels.revision,
      label: contractClauseLabels.label, heading: contractClauseLabels.heading, text: contractClauseLabels.text,
      startOffset: contractClauseLabels.startOffset, endOffset: contractClauseLabels.endOffset,
    })
    .from(contractClauseLabels)
    .innerJoin(contracts, and(eq(contracts.id, contractClauseLabels.contractId), inScope(contracts, scope)))
    .where(and(inScope(contractClauseLabels, scope), isNull(contracts.deletedAt), visibleTo(actor), filter.label ? eq(contractClauseLabels.label, filter.label) : undefined))
    .orderBy(desc(contractClauseLabels.id))
    .limit(filter.limit);
  return rows.map((r) => ({ ...r, label: r.label as ClauseLabel }));
}
