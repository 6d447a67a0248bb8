import { type ClientErrorReportBody, CONNECTION_FAILURE_CODES } from '@legal/api';
import { and, count, desc, eq, isNull, notInArray, or } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { fetchPage, type PageRequest } from '../../platform/db/paging';
import type { RequestContext } from '../../platform/http/context';
import { users, workspaces } from '../auth';
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

/**
 * The reports, newest first, with the user and the workspace by name. Connection failures (no
 * HTTP answer) are left out unless asked for: most were requests cut off by leaving the page,
 * which the web app stopped reporting; a search by error id finds every report.
 */
export async function listClientErrorReports(db: Db, query: PageRequest & { errorId?: string; includeConnectionFailures?: boolean }) {
  const where = query.errorId
    ? eq(clientErrorReports.errorId, query.errorId)
    : query.includeConnectionFailures
      ? undefined
      : or(isNull(clientErrorReports.code), notInArray(clientErrorReports.code, [...CONNECTION_FAILURE_CODES]));
  return fetchPage(
    query,
    async (limit, offset) => {
      const rows = await db
        .select({ report: clientErrorReports, userName: users.name, userLoginId: users.loginId, workspaceName: workspaces.name })
        .from(clientErrorReports)
        .leftJoin(users, eq(users.id, clientErrorReports.userId))
        .leftJoin(workspaces, and(eq(workspaces.id, clientErrorReports.workspaceId), eq(workspaces.tenantId, clientErrorReports.tenantId)))
        .where(where)
        .orderBy(desc(clientErrorReports.createdAt), desc(clientErrorReports.id))
        .limit(limit)
        .offset(offset);
      return rows.map(({ report: r, userName, userLoginId, workspaceName }) => ({
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
        user: userName !== null && userLoginId !== null ? { name: userName, loginId: userLoginId } : null,
        workspaceName,
      }));
    },
    async () => (await db.select({ value: count() }).from(clientErrorReports).where(where))[0]?.value ?? 0,
  );
}
