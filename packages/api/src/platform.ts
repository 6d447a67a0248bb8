import { z } from 'zod';
import { defineRoute, type RouteDescriptor } from './http';
import { pageOf, pageQuery } from './envelope';
import { booleanQuery } from './list-query';
import { ClientErrorReportBodySchema } from './platform-schemas';

export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeSeconds: z.number(),
  checks: z.object({
    database: z.object({ ok: z.boolean(), driver: z.enum(['pglite', 'postgres']), latencyMs: z.number() }),
    jobs: z.object({ ok: z.boolean(), detail: z.string().optional() }),
  }),
});
export type Health = z.infer<typeof HealthSchema>;

export const health = defineRoute({
  method: 'GET',
  path: '/api/health',
  access: 'public',
  summary: 'Liveness and readiness: checks the database and the job queue',
  tags: ['platform'],
  schemas: { data: HealthSchema },
});

export const HelloSchema = z.object({ service: z.string(), message: z.string() });

export const aireviewHello = defineRoute({
  method: 'GET',
  path: '/api/aireview/hello',
  access: 'public',
  summary: 'AI review service greeting (catalogue 7.1)',
  tags: ['aireview'],
  schemas: { data: HelloSchema },
});

export const aistudioHello = defineRoute({
  method: 'GET',
  path: '/api/aistudio/hello',
  access: 'public',
  summary: 'Legal research service greeting (catalogue 7.2)',
  tags: ['aistudio'],
  schemas: { data: HelloSchema },
});

export const reportClientError = defineRoute({
  method: 'POST',
  path: '/api/client-errors/v1',
  access: 'public',
  summary: 'Stores an error the web app met, under the random error id it showed the user',
  tags: ['platform'],
  schemas: {
    body: ClientErrorReportBodySchema,
    data: z.object({ errorId: z.string() }),
  },
});

export const ClientErrorReportSchema = ClientErrorReportBodySchema.extend({
  id: z.number().int(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  /** Who met the error and where, by name (the ids alone say nothing to a reader). */
  user: z.object({ name: z.string(), loginId: z.string() }).nullable(),
  workspaceName: z.string().nullable(),
});

/** Failures without an HTTP answer (status 0): the connection, not the service. */
export const CONNECTION_FAILURE_CODES = ['ERROR_NETWORK', 'ERROR_ABORTED'] as const;

export const listClientErrors = defineRoute({
  method: 'GET',
  path: '/api/workspace/super-admin/client-errors/v1',
  access: 'superAdmin',
  summary: 'Client error reports, newest first, with the user and workspace by name (super admins)',
  tags: ['super-admin'],
  schemas: {
    query: pageQuery(20, 1000).extend({
      errorId: z.string().max(64).optional(),
      includeConnectionFailures: booleanQuery
        .optional()
        .describe('Also list connection failures (status 0, ERROR_NETWORK / ERROR_ABORTED): mostly requests cut off by leaving the page, which the web app no longer reports. Default false; a search by errorId finds them anyway'),
    }),
    data: pageOf(ClientErrorReportSchema),
  },
});

export const MailMessageSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  template: z.string(),
  locale: z.string(),
  html: z.string(),
  text: z.string(),
  status: z.enum(['kept', 'queued', 'sent', 'failed']),
  createdAt: z.string(),
  attachments: z
    .array(
      z.object({
        filename: z.string(),
        contentType: z.string(),
        size: z.number().int(),
        sha256: z.string(),
        downloadUrl: z.string().describe('/dev/mailbox/<id>/attachments/<n>: the bytes as they are sent'),
      }),
    )
    .describe('Files sent with the message (too large ones are not attached; the message says so)'),
});
export type MailMessage = z.infer<typeof MailMessageSchema>;

export const devMailbox = defineRoute({
  method: 'GET',
  path: '/api/dev/mailbox/v1',
  access: 'devOnly',
  summary: 'Development mailbox: every message the outbox holds (absent in production)',
  tags: ['dev'],
  schemas: {
    query: pageQuery(50, 500).extend({ to: z.string().max(320).optional() }),
    data: pageOf(MailMessageSchema),
  },
});


export const sendMailCheck = defineRoute({
  method: 'POST',
  path: '/api/workspace/super-admin/mail-check/v1',
  access: 'superAdmin',
  summary: 'Sends a test message so an operator can confirm outgoing mail works',
  tags: ['super-admin'],
  schemas: {
    body: z.object({ to: z.email().max(320), locale: z.enum(['ko', 'en']).default('ko') }),
    data: z.object({ outboxId: z.number().int(), delivery: z.enum(['smtp', 'outbox']) }),
  },
});

/** Platform routes, for the route-table tests and the web client. */
export const platformRoutes: RouteDescriptor[] = [
  health, aireviewHello, aistudioHello, reportClientError, listClientErrors, devMailbox, sendMailCheck,
];
