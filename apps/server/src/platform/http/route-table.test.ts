import { ErrorEnvelopeSchema, type RouteDescriptor } from '@legal/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/harness';
import { ROUTE_TABLE } from './route';

let t: TestApp;
let routes: RouteDescriptor[];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  routes = t.app[ROUTE_TABLE];
});
afterAll(() => t.close());

function sample(path: string) {
  return path.replace(/:[A-Za-z0-9_]+/g, '1');
}

/** A body that fails any object schema with at least one required field. */
function invalidBody(schema: z.ZodType | undefined): unknown {
  return schema ? { __not_a_field__: 1 } : undefined;
}

describe('the route table', () => {
  it('declares who may call every route, and its product (review changes to this list as permission changes)', () => {
    expect(routes.map((r) => `${r.method} ${r.path} ${r.access}${r.product ? ` ${r.product}` : ''}`)).toMatchInlineSnapshot(`
      [
        "GET /api/health public",
        "POST /api/client-errors/v1 public",
        "GET /api/workspace/super-admin/client-errors/v1 superAdmin",
        "GET /api/aireview/hello public",
        "GET /api/aistudio/hello public",
        "POST /api/workspace/super-admin/mail-check/v1 superAdmin",
        "GET /api/dev/mailbox/v1 devOnly",
        "POST /api/auth/login/v1 public",
        "POST /api/auth/login/v3 public",
        "POST /api/auth/login/v3/otp/verify public",
        "POST /api/auth/login/v3/otp/resend public",
        "POST /api/auth/login/super-admin/v1 public",
        "POST /api/auth/login/super-admin/v3 public",
        "POST /api/auth/login/super-admin/v3/otp/verify public",
        "POST /api/auth/login/super-admin/v3/otp/resend public",
        "POST /api/auth/login/dev/v1 devOnly",
        "GET /api/auth/demo-accounts/v1 public",
        "POST /api/auth/refresh/v1 public",
        "POST /api/auth/refresh/v2 public",
        "GET /api/auth/refresh-after/v1 signedIn",
        "GET /api/auth/check-logged-in/v1 public",
        "GET /api/auth/token/verify/v1 signedIn",
        "POST /api/auth/logout/v1 public",
        "GET /api/auth/sessions/v1 signedIn",
        "DELETE /api/auth/sessions/others/v1 signedIn",
        "DELETE /api/auth/sessions/:sessionId/v1 signedIn",
        "GET /api/auth/profile/v1 signedIn",
        "GET /api/auth/launcher/v1 signedIn",
        "GET /api/auth/permissions/v1 signedIn",
        "GET /api/auth/permissions/v2 signedIn",
        "GET /api/auth/permissions/v3 signedIn",
        "GET /api/auth/theme/v1 member",
        "GET /api/auth/user-login-tracks/v1 signedIn",
        "PUT /api/auth/credentials/password/v1 signedIn",
        "PUT /api/auth/password-expiry/postpone/v1 signedIn",
        "PUT /api/auth/alert/acknowledge/v1 signedIn",
        "POST /api/auth/api-keys/v1 admin",
        "GET /api/auth/api-keys/v1 admin",
        "DELETE /api/auth/api-keys/:apiKeyId/v1 admin",
        "POST /api/auth/api-key/verify/v1 apiKey",
        "POST /api/auth/service-auth-tokens/v1 apiKey",
        "POST /api/auth/credentials/reset-message/v1 public",
        "POST /api/auth/credentials/reset/v1 public",
        "PUT /api/auth/credentials/:userId/force-reset/v1 admin",
        "POST /api/auth/credentials/v1 admin",
        "PUT /api/auth/credentials/:userId/v1 admin",
        "DELETE /api/auth/credentials/:userId/v1 admin",
        "POST /api/auth/login/impersonated/v1 signedIn",
        "GET /api/workspace/sso-config/v1 admin",
        "PUT /api/workspace/sso-config/v1 admin",
        "DELETE /api/workspace/sso-config/v1 admin",
        "POST /api/workspace/sso-config/test-discovery/v1 admin",
        "POST /api/auth/login/sso/v1 public",
        "GET /api/auth/login/sso/callback/v1 public",
        "POST /api/arxive/files/v1 member",
        "POST /api/arxive/files/v2 member",
        "POST /api/arxive/files/unlimited/v1 superAdmin",
        "PUT /api/arxive/files/:fileKey/v2 member",
        "GET /api/arxive/files/v1 member",
        "DELETE /api/arxive/files/v1 member",
        "GET /api/arxive/files/:fileKey/v1 member",
        "PUT /api/arxive/files/:fileKey/v1 member",
        "POST /api/arxive/files/:fileKey/v1 member",
        "DELETE /api/arxive/files/:fileKey/v1 member",
        "GET /api/arxive/files/:fileKey/revisions/v1 member",
        "GET /api/arxive/files/:fileKey/revision/v1 member",
        "GET /api/arxive/files/:fileKey/:revision/v1 member",
        "GET /api/arxive/files/:fileKey/text/v1 member",
        "GET /api/arxive/files/:fileKey/download/v1 member",
        "GET /api/workspace/users/v1 admin",
        "GET /api/workspace/users/options/v1 admin",
        "GET /api/workspace/users/by-role/:kind/v1 member",
        "GET /api/workspace/users/:userId/v1 admin",
        "PUT /api/workspace/users/:userId/v1 admin",
        "PUT /api/workspace/users/:userId/roles/v1 admin",
        "POST /api/workspace/users/:userId/deactivate/v1 admin",
        "POST /api/workspace/users/:userId/reactivate/v1 admin",
        "POST /api/workspace/users/:userId/unlock/v1 admin",
        "POST /api/workspace/users/:userId/force-password-reset/v1 admin",
        "POST /api/workspace/invitations/v1 admin",
        "POST /api/workspace/invitations/bulk/v1 admin",
        "GET /api/workspace/invitations/v1 admin",
        "GET /api/workspace/invitations/form-options/v1 admin",
        "POST /api/workspace/invitations/:invitationId/resend/v1 admin",
        "POST /api/workspace/invitations/:invitationId/cancel/v1 admin",
        "POST /api/workspace/invitations/accept/preview/v1 public",
        "POST /api/workspace/invitations/accept/v1 public",
        "POST /api/workspace/role-requests/v1 member",
        "GET /api/workspace/role-requests/mine/v1 member",
        "GET /api/workspace/role-requests/form-options/v1 member",
        "POST /api/workspace/role-requests/:roleRequestId/cancel/v1 member",
        "GET /api/workspace/role-requests/v1 admin",
        "POST /api/workspace/role-requests/:roleRequestId/approve/v1 admin",
        "POST /api/workspace/role-requests/:roleRequestId/reject/v1 admin",
        "GET /api/workspace/permissions/v1 member",
        "GET /api/workspace/roles/v1 member",
        "GET /api/workspace/roles/matrix/v1 member",
        "PUT /api/workspace/roles/matrix/v1 admin",
        "GET /api/workspace/roles/:roleId/v1 member",
        "POST /api/workspace/roles/v1 admin",
        "PUT /api/workspace/roles/:roleId/v1 admin",
        "DELETE /api/workspace/roles/:roleId/v1 admin",
        "PUT /api/workspace/roles/:roleId/members/v1 admin",
        "GET /api/workspace/groups/v1 member",
        "GET /api/workspace/groups/:groupId/v1 member",
        "POST /api/workspace/groups/v1 admin",
        "PUT /api/workspace/groups/:groupId/v1 admin",
        "DELETE /api/workspace/groups/:groupId/v1 admin",
        "PUT /api/workspace/groups/:groupId/members/v1 admin",
        "PUT /api/workspace/groups/:groupId/roles/v1 admin",
        "GET /api/workspace/divisions/v1 member",
        "POST /api/workspace/divisions/v1 admin",
        "PUT /api/workspace/divisions/order/v1 admin",
        "PUT /api/workspace/divisions/:divisionId/v1 admin",
        "POST /api/workspace/divisions/:divisionId/move/v1 admin",
        "DELETE /api/workspace/divisions/:divisionId/v1 admin",
        "GET /api/workspace/divisions/:divisionId/members/v1 member",
        "PUT /api/workspace/divisions/:divisionId/members/v1 admin",
        "GET /api/workspace/job-titles/v1 member",
        "POST /api/workspace/job-titles/v1 admin",
        "PUT /api/workspace/job-titles/order/v1 admin",
        "PUT /api/workspace/job-titles/:jobTitleId/v1 admin",
        "DELETE /api/workspace/job-titles/:jobTitleId/v1 admin",
        "GET /api/workspace/job-positions/v1 member",
        "POST /api/workspace/job-positions/v1 admin",
        "PUT /api/workspace/job-positions/order/v1 admin",
        "PUT /api/workspace/job-positions/:jobPositionId/v1 admin",
        "DELETE /api/workspace/job-positions/:jobPositionId/v1 admin",
        "GET /api/workspace/notices/v1 admin",
        "GET /api/workspace/notices/creators/v1 admin",
        "POST /api/workspace/notices/v1 admin",
        "GET /api/workspace/notices/:noticeId/v1 admin",
        "PUT /api/workspace/notices/:noticeId/v1 admin",
        "DELETE /api/workspace/notices/:noticeId/v1 admin",
        "GET /api/workspace/my-notices/v1 member",
        "GET /api/workspace/my-notices/unread-count/v1 member",
        "GET /api/workspace/my-notices/:noticeId/v1 member",
        "POST /api/workspace/my-notices/read-all/v1 member",
        "GET /api/workspace/terms/v1 admin",
        "POST /api/workspace/terms/v1 admin",
        "GET /api/workspace/terms/:termId/v1 admin",
        "PUT /api/workspace/terms/:termId/v1 admin",
        "DELETE /api/workspace/terms/:termId/v1 admin",
        "GET /api/workspace/terms/:termId/revisions/v1 admin",
        "POST /api/workspace/terms/:termId/revisions/v1 admin",
        "GET /api/workspace/term-consents/v1 admin",
        "GET /api/workspace/my-terms/pending/v1 member",
        "POST /api/workspace/my-terms/consents/v1 member",
        "GET /api/workspace/my-terms/consents/v1 member",
        "GET /api/workspace/my-terms/privacy-policy/v1 member",
        "GET /api/workspace/settings/v1 admin",
        "PUT /api/workspace/settings/v1 admin",
        "GET /api/workspace/theme/v1 admin",
        "PUT /api/workspace/theme/v1 admin",
        "DELETE /api/workspace/theme/v1 admin",
        "GET /api/workspace/deletion-requests/v1 admin",
        "GET /api/workspace/deletion-requests/current/v1 admin",
        "POST /api/workspace/deletion-requests/v1 admin",
        "POST /api/workspace/deletion-requests/:requestId/cancel/v1 admin",
        "GET /api/workspace/data-export/v1 admin",
        "GET /api/workspace/super-admin/deletion-requests/v1 superAdmin",
        "POST /api/workspace/super-admin/deletion-requests/:requestId/approve/v1 superAdmin",
        "POST /api/workspace/super-admin/deletion-requests/:requestId/reject/v1 superAdmin",
        "GET /api/workspace/storage/v1 admin",
        "PUT /api/workspace/super-admin/workspaces/:workspaceId/storage/v1 superAdmin",
        "GET /api/workspace/audit-events/v1 admin",
        "GET /api/workspace/audit-events/daily-counts/v1 admin",
        "GET /api/workspace/audit-events/export/v1 admin",
        "POST /api/alex/contracts/page-search/v3 member CLM",
        "POST /api/alex/contracts/page-search/v4 member CLM",
        "POST /api/alex/contracts/scroll-search/v2 member CLM",
        "POST /api/alex/contracts/page-semantic-search/v1 member CLM",
        "POST /api/alex/unified-search/page/v1 member CLM",
        "GET /api/alex/unified-search-codes/v1 member CLM",
        "GET /api/alex/repository-codes/v2 member CLM",
        "GET /api/alex/contracts/v3 member CLM",
        "GET /api/alex/contracts/v4 member CLM",
        "GET /api/alex/contracts/download/by-conhub-contract-id/v1 member CLM",
        "POST /api/alex/contracts/reindex/v1 member CLM",
        "POST /api/alex/contracts/reindex-all/v1 member CLM",
        "GET /api/conhub/contracts/:contractId/counterparties/v1 member CLM",
        "POST /api/conhub/contracts/:contractId/counterparties/v1 member CLM",
        "PUT /api/conhub/contracts/:contractId/counterparties/:counterpartyId/v1 member CLM",
        "DELETE /api/conhub/contracts/:contractId/counterparties/:counterpartyId/v1 member CLM",
        "POST /api/conhub/contracts/:contractId/counterparties/by-bookmarks/v1 member CLM",
        "GET /api/conhub/counterparty-bookmarks/v1 member CLM",
        "POST /api/conhub/counterparty-bookmarks/v1 member CLM",
        "PUT /api/conhub/counterparty-bookmarks/:bookmarkId/v1 member CLM",
        "DELETE /api/conhub/counterparty-bookmarks/:bookmarkId/v1 member CLM",
        "GET /api/alex/hashtags/v1 member CLM",
        "POST /api/alex/hashtags/v1 member CLM",
        "POST /api/conhub/contracts/:contractId/files/v1 member CLM",
        "DELETE /api/conhub/contracts/:contractId/files/:fileKey/v1 member CLM",
        "POST /api/conhub/contracts/:contractId/bookmarks/v1 member CLM",
        "DELETE /api/conhub/contracts/:contractId/bookmarks/v1 member CLM",
        "GET /api/conhub/contracts/bookmarks/v1 member CLM",
        "GET /api/conhub/contracts/:contractId/permissions/v1 member CLM",
        "GET /api/alex/contract-types/v1 member CLM",
        "GET /api/conhub/workspaces/contracts/types/v1 member CLM",
        "GET /api/conhub/workspaces/:workspaceId/contracts/types/v1 member CLM",
        "GET /api/conhub/workspaces/contracts/types/v2 member CLM",
        "GET /api/conhub/contracts/meta/v2 member CLM",
        "GET /api/conhub/contracts/meta/v3 member CLM",
        "POST /api/alex/contracts/v6 member CLM",
        "POST /api/alex/contracts/v7 member CLM",
        "GET /api/alex/contracts/:contractId/v5 member CLM",
        "GET /api/alex/contracts/:contractId/v6 member CLM",
        "GET /api/conhub/contracts/:contractId/v2 member CLM",
        "GET /api/conhub/contracts/:contractId/v3 member CLM",
        "GET /api/conhub/contracts/:contractId/basic/v2 member CLM",
        "PUT /api/alex/contracts/:contractId/v2 member CLM",
        "PUT /api/conhub/contracts/:contractId/v2 member CLM",
        "PUT /api/alex/contracts/:contractId/venue/v1 member CLM",
        "PUT /api/alex/contracts/:contractId/users/v1 member CLM",
        "PUT /api/alex/contracts/:contractId/title/v1 member CLM",
        "PUT /api/conhub/contracts/:contractId/title/v1 member CLM",
        "PUT /api/alex/contracts/:contractId/start-end-date/v1 member CLM",
        "PUT /api/alex/contracts/:contractId/simple/v1 member CLM",
        "PUT /api/alex/contracts/:contractId/signingType/v1 member CLM",
        "PUT /api/alex/contracts/:contractId/signed-date/v1 member CLM",
        "PUT /api/alex/contracts/:contractId/referenceGroups/v1 member CLM",
        "PUT /api/alex/contracts/:contractId/our-position/v1 member CLM",
        "PUT /api/alex/contracts/:contractId/memo/v1 member CLM",
        "PUT /api/alex/contracts/:contractId/hashtags/v1 member CLM",
        "PUT /api/alex/contracts/:contractId/governing-law/v1 member CLM",
        "PUT /api/alex/contracts/:contractId/files/v1 member CLM",
        "PUT /api/alex/contracts/:contractId/dispute-resolution-method/v1 member CLM",
        "PUT /api/alex/contracts/:contractId/counterparties/v1 member CLM",
        "PUT /api/alex/contracts/:contractId/amount-currency/v1 member CLM",
        "PUT /api/conhub/contracts/:contractId/owner/v1 member CLM",
        "PUT /api/conhub/contracts/:contractId/group/v2 member CLM",
        "PUT /api/conhub/contracts/:contractId/desired-review-deadline/v2 member CLM",
        "PUT /api/conhub/contracts/:contractId/related-references/v1 member CLM",
        "PUT /api/conhub/contracts/:contractId/watchers/v1 member CLM",
        "DELETE /api/alex/contracts/:contractId/v1 member CLM",
        "GET /api/conhub/contracts/:contractId/reminders/suggestions/v1 member CLM",
        "GET /api/conhub/contracts/:contractId/reminders/v1 member CLM",
        "POST /api/conhub/contracts/:contractId/reminders/v1 member CLM",
        "GET /api/conhub/contracts/:contractId/reminders/:reminderId/v1 member CLM",
        "PUT /api/conhub/contracts/:contractId/reminders/:reminderId/v1 member CLM",
        "DELETE /api/conhub/contracts/:contractId/reminders/:reminderId/v1 member CLM",
        "GET /api/conhub/reminders/my/v1 member CLM",
        "GET /api/conhub/reminders/ical-feed/v1 member CLM",
        "POST /api/conhub/reminders/ical-feed/v1 member CLM",
        "DELETE /api/conhub/reminders/ical-feed/v1 member CLM",
        "GET /api/conhub/reminders/ical/:token/v1 public",
        "GET /api/conhub/contracts/:contractId/documents/v1 member CLM",
        "POST /api/conhub/contracts/:contractId/documents/v1 member CLM",
        "POST /api/conhub/contracts/:contractId/documents/by-file/v1 member CLM",
        "GET /api/conhub/contracts/:contractId/documents/revisions/v1 member CLM",
        "GET /api/conhub/contracts/:contractId/documents/word/edit-status/v1 member CLM",
        "GET /api/conhub/contracts/:contractId/documents/word/access-path/v1 member CLM",
        "GET /api/conhub/contracts/:contractId/documents/download/v1 member CLM",
        "GET /api/conhub/contracts/:contractId/documents/executed/download/v1 member CLM",
        "POST /api/conhub/contracts/:contractId/documents/download/by-json/v1 member CLM",
        "POST /api/alex/contracts/excel/v2 member CLM",
        "POST /api/alex/contracts/zip/download/v1 member CLM",
        "GET /api/alex/contracts/:contractId/download/v1 member CLM",
        "GET /api/alex/contracts/user-config/v1 member CLM",
        "PUT /api/alex/contracts/user-config/v1 member CLM",
        "GET /api/conhub/home/contract-stats/v1 member CLM",
        "GET /api/conhub/home/recently-viewed/v1 member CLM",
        "GET /api/alex/contracts/bulk-requests/template/v1 member CLM",
        "POST /api/alex/contracts/bulk-requests/v1 member CLM",
        "POST /api/alex/super-admin/contracts/bulk/v1 superAdmin",
        "GET /api/alex/contracts/bulk-requests/v1 member CLM",
        "DELETE /api/alex/contracts/bulk-requests/v1 member CLM",
        "PUT /api/alex/contracts/bulk-requests/rows/v1 member CLM",
        "PUT /api/alex/contracts/bulk-requests/users/v1 member CLM",
        "PUT /api/alex/contracts/bulk-requests/groups/v1 member CLM",
        "PUT /api/alex/contracts/bulk-requests/retry/v1 member CLM",
        "PUT /api/alex/contracts/bulk-requests/confirm/v1 member CLM",
        "PUT /api/alex/contracts/bulk-requests/register/v1 member CLM",
        "GET /api/alex/contracts/bulk-requests/:requestId/download/v1 member CLM",
        "GET /api/alex/contracts/bulk-requests/page-search/v1 member CLM",
        "GET /api/alex/contracts/bulk-requests/page-search/v2 member CLM",
        "GET /api/alex/contracts/bulk-requests/count-by-status/v1 member CLM",
        "POST /api/alex/contracts/analyze/v3 member CLM",
        "GET /api/conhub/contracts/:contractId/clause-labels/v1 member CLM",
        "DELETE /api/alex/contracts/:contractId/labelClauseExtraction/v1 member CLM",
        "POST /api/conhub/contracts/:contractId/completions/v2 member CLM",
        "POST /api/conhub/contracts/:contractId/completions/copy/v1 member CLM",
        "GET /api/conhub/contracts/:contractId/activities/v1 member CLM",
        "GET /api/conhub/wopi/files/:fileId public",
        "GET /api/conhub/wopi/files/:fileId/contents public",
        "POST /api/conhub/wopi/files/:fileId public",
        "POST /api/conhub/wopi/files/:fileId/contents public",
      ]
    `);
  });

  it('answers every route with the envelope: 401 without a session, 400 listing fields for bad bodies', async () => {
    for (const r of routes) {
      const url = sample(r.path);
      // Public raw routes answer in their own format (the SSO callback redirects, feeds are text);
      // their module tests cover them.
      if (r.raw && r.access === 'public') continue;
      if (r.access !== 'public' && r.access !== 'devOnly') {
        const res = await t.app.inject({ method: r.method, url, payload: r.schemas.body ? {} : undefined });
        expect(res.statusCode, `${r.method} ${r.path}`).toBe(401);
        expect(ErrorEnvelopeSchema.parse(res.json()).code).toBe('ERROR_UNAUTHORIZED');
        continue;
      }
      if (r.schemas.body) {
        const res = await t.app.inject({ method: r.method, url, payload: invalidBody(r.schemas.body) as object });
        expect(res.statusCode, `${r.method} ${r.path}`).toBe(400);
        const body = ErrorEnvelopeSchema.parse(res.json());
        expect(body.code).toBe('ERROR_VALIDATION');
        expect((body.data?.fieldErrors as unknown[]).length).toBeGreaterThan(0);
      }
      if (r.schemas.query) {
        const res = await t.app.inject({ method: r.method, url: `${url}?page=-1&size=abc` });
        expect(res.statusCode, `${r.method} ${r.path} query`).toBe(400);
        expect(ErrorEnvelopeSchema.parse(res.json()).data?.fieldErrors).toBeDefined();
      }
      if (!r.schemas.body && r.method === 'GET') {
        const res = await t.app.inject({ method: r.method, url });
        expect(res.statusCode, `${r.method} ${r.path}`).toBe(200);
        expect(res.json().code).toBe('SUCCESS');
      }
    }
  });

  it('describes every route in the OpenAPI document at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const r of routes) {
      const openApiPath = r.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      expect(doc.paths[openApiPath]?.[r.method.toLowerCase()], `${r.method} ${r.path}`).toBeDefined();
    }
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});
