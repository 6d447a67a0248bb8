import { CreateContractBodySchema, CreateContractWithFilesBodySchema, LocaleSchema } from '@legal/api';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { eachInTurn } from '../../../platform/jobs/in-turns';
import { type AnyJob, defineJob } from '../../../platform/jobs/jobs';
import { inScope } from '../../../platform/db/tenancy';
import type { RequestContext, TenantScope } from '../../../platform/http/context';
import { AppError } from '../../../platform/http/errors';
import type { AppServices } from '../../../platform/services';
import { auditMetaOf, recordAudit } from '../../../platform/audit/audit';
import { memberRequestContext } from '../../auth';
import { columnOfField } from './contract-bulk-rows';
import { contractBulkRequests as requests, contractBulkRows as rows, type StoredRowError } from './contract-bulk.table';
import { refreshCounts } from './contract-bulk.service';
import { createContract } from '../contracts.service';

type Services = Pick<AppServices, 'db' | 'database' | 'logger' | 'attachments'>;

const PayloadSchema = z.object({
  tenantId: z.number().int(),
  workspaceId: z.number().int(),
  requestId: z.number().int(),
  actorUserId: z.number().int(),
  locale: LocaleSchema,
});
type Payload = z.infer<typeof PayloadSchema>;

// The job acts as the registering admin (null once they are no longer a member), so the services
// apply their own rules to them; so does the super admin's registration on their behalf.
const actorContext = (services: Services, scope: TenantScope, p: Payload) =>
  memberRequestContext(services.db, scope, p.actorUserId, { requestId: `bulk-${p.requestId}`, locale: p.locale, ip: '', userAgent: 'contract-bulk-job' });

function problemsOf(err: unknown): StoredRowError[] {
  if (err instanceof AppError) {
    const fieldErrors = (err.data?.fieldErrors as Array<{ field: string; reason: string }> | undefined) ?? [];
    if (fieldErrors.length > 0) return fieldErrors.map((f) => ({ field: columnOfField(f.field), code: 'failed', reason: f.reason }));
    return [{ field: 'title', code: 'failed', reason: err.message }];
  }
  return [{ field: 'title', code: 'failed', reason: 'unexpected error' }];
}

/**
 * Registers one PENDING row: the row is locked and re-read, the contract is created through the
 * creation service inside the row's transaction (a savepoint), and the row is marked REGISTERED
 * with the contract id in the same commit. A crash rolls both back; a re-run finds the row
 * REGISTERED and skips it, so no row ever makes two contracts.
 */
async function registerRow(services: Services, scope: TenantScope, ctx: RequestContext, rowId: number): Promise<void> {
  await services.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(rows)
      .where(and(inScope(rows, scope), eq(rows.id, rowId), eq(rows.status, 'PENDING'), isNull(rows.contractId)))
      .for('update', { skipLocked: true });
    if (!row?.input) return;
    const schema = row.input.files ? CreateContractWithFilesBodySchema : CreateContractBodySchema;
    const parsed = schema.safeParse(row.input);
    if (!parsed.success) {
      await tx.update(rows).set({ status: 'FAILED', errors: [{ field: 'title', code: 'failed', reason: 'the row changed shape' }], updatedAt: new Date() }).where(eq(rows.id, row.id));
      return;
    }
    try {
      const contract = await createContract({ db: tx, attachments: services.attachments }, ctx, parsed.data);
      await tx.update(rows).set({ status: 'REGISTERED', contractId: contract.id, errors: [], updatedAt: new Date() }).where(eq(rows.id, row.id));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      await tx.update(rows).set({ status: 'FAILED', errors: problemsOf(err), updatedAt: new Date() }).where(eq(rows.id, row.id));
    }
  });
}

/**
 * Registers every PENDING row of a REGISTERING request, then settles it DONE or PARTIALLY_FAILED.
 * Each row is its own transaction and the job yields between rows (eachInTurn), so requests on the
 * embedded database are served while it runs.
 */
export async function runBulkRegistration(services: Services, payload: Payload): Promise<void> {
  const scope = { tenantId: payload.tenantId, workspaceId: payload.workspaceId };
  const [request] = await services.db.select().from(requests).where(and(inScope(requests, scope), eq(requests.id, payload.requestId)));
  if (request?.executionStatus !== 'REGISTERING') return;
  const ctx = await actorContext(services, scope, payload);
  const pending = await services.db
    .select({ id: rows.id })
    .from(rows)
    .where(and(inScope(rows, scope), eq(rows.requestId, payload.requestId), eq(rows.status, 'PENDING')))
    .orderBy(asc(rows.rowNumber));
  await eachInTurn(services.database, pending, async ({ id }) => {
    if (ctx) await registerRow(services, scope, ctx, id);
    else await services.db.update(rows).set({ status: 'FAILED', errors: [{ field: 'ownerEmail', code: 'failed', reason: 'the registering admin left the workspace' }] }).where(eq(rows.id, id));
    await refreshCounts(services.db, scope, payload.requestId);
  });
  await services.db.transaction(async (tx) => {
    const [current] = await tx.select().from(requests).where(and(inScope(requests, scope), eq(requests.id, payload.requestId))).for('update');
    if (current?.executionStatus !== 'REGISTERING') return;
    const counted = await refreshCounts(tx, scope, payload.requestId);
    // A row another run is still registering (locked, so skipped above) is that run's to finish:
    // it settles the request when it is done. Settling here would leave its row counted as pending.
    const free = await tx
      .select({ id: rows.id })
      .from(rows)
      .where(and(inScope(rows, scope), eq(rows.requestId, payload.requestId), eq(rows.status, 'PENDING')))
      .for('update', { skipLocked: true });
    if (free.length < counted.pendingRows) return;
    const status = counted.failedRows + counted.invalidRows + counted.pendingRows > 0 ? 'PARTIALLY_FAILED' : 'DONE';
    await refreshCounts(tx, scope, payload.requestId, status);
    await recordAudit(
      tx,
      { type: 'contract.bulk_registered', data: { requestId: payload.requestId, executionStatus: status, registeredRows: counted.registeredRows, failedRows: counted.failedRows } },
      { ...auditMetaOf(null, payload.actorUserId), ...scope },
    );
  });
}

export const bulkRegisterJob = defineJob<Payload, AppServices>({
  name: 'contracts.bulk-register',
  payload: PayloadSchema,
  policy: { retryLimit: 3, retryDelaySeconds: 10, expireInSeconds: 30 * 60 },
  handler: (payload, services) => runBulkRegistration(services, payload),
});

export function contractBulkJobs(): Array<AnyJob<AppServices>> {
  return [bulkRegisterJob as AnyJob<AppServices>];
}
