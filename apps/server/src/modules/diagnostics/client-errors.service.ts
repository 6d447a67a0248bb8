import type { ClientErrorReportBody } from '@legal/api';
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { fetchPage, type PageRequest } from '../../platform/db/paging';
import type { RequestContext } from '../../platform/http/context';
import { clientErrorReports } from './client-errors.table';

export async function storeClientErrorReport(db: Db, ctx: RequestContext, body: ClientErrorReportBody) {
  // What the server knows about the caller wins over what the report claims.
  const userId = ctx.principal?.kind === 'user' ? ctx.principal.userId : (body.userId ?? null);
  await db.insert(clientErrorReports).values({
    errorId: body.errorId,
    message: body.message,
    route: body.route,
    httpStatus: body.httpStatus ?? null,
    code: body.code ?? null,
    apiPath: body.apiPath ?? null,
    stack: body.stack ?? null,
    userId,
    tenantId: body.tenantId ?? null,
    workspaceId: body.workspaceId ?? null,
    userAgent: (body.userAgent ?? ctx.userAgent ?? '').slice(0, 500) || null,
    ip: ctx.ip,
  });
  return { errorId: body.errorId };
}

export async function listClientErrorReports(db: Db, query: PageRequest & { errorId?: string }) {
  const where = query.errorId ? eq(clientErrorReports.errorId, query.errorId) : undefined;
  return fetchPage(
    query,
    async (limit, offset) => {
      const rows = await db
        .select()
        .from(clientErrorReports)
        .where(where)
        .orderBy(desc(clientErrorReports.createdAt), desc(clientErrorReports.id))
        .limit(limit)
        .offset(offset);
      return rows.map((r) => ({
        id: r.id,
        errorId: r.errorId,
        message: r.message,
        route: r.route,
        httpStatus: r.httpStatus ?? undefined,
        code: r.code ?? undefined,
        apiPath: r.apiPath ?? undefined,
        stack: r.stack ?? undefined,
        userId: r.userId ?? undefined,
        tenantId: r.tenantId ?? undefined,
        workspaceId: r.workspaceId ?? undefined,
        userAgent: r.userAgent ?? undefined,
        ip: r.ip,
        createdAt: r.createdAt.toISOString(),
      }));
    },
    async () => (await db.select({ value: count() }).from(clientErrorReports).where(where))[0]?.value ?? 0,
  );
}
