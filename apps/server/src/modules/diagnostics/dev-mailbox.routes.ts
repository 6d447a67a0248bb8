import { devMailbox } from '@legal/api';
import { isIPv4 } from 'node:net';
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fetchPage, type PageRequest } from '../../platform/db/paging';
import { contentDisposition } from '../../platform/http/content-disposition';
import { mailOutbox, type StoredMailAttachment } from '../../platform/mail/mail.table';
import { escapeHtml, formatBytes } from '../../platform/mail/templates';
import { AppError } from '../../platform/http/errors';
import { route } from '../../platform/http/route';
import type { AppServices } from '../../platform/services';

/** 127.0.0.0/8, ::1 and IPv4-mapped 127.0.0.0/8. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  if (address === '::1') return true;
  const v4 = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  return isIPv4(v4) && v4.startsWith('127.');
}

const MAILBOX_ROUTES = new Set([`GET ${devMailbox.path}`, 'GET /dev/mailbox', 'GET /dev/mailbox/:id', 'GET /dev/mailbox/:id/attachments/:index']);

const attachmentUrl = (id: number, index: number) => `/dev/mailbox/${id}/attachments/${index}`;

function attachmentsOf(id: number, attachments: StoredMailAttachment[]) {
  return attachments.map((a, index) => ({ filename: a.filename, contentType: a.contentType, size: a.size, sha256: a.sha256, downloadUrl: attachmentUrl(id, index) }));
}

/** The attachment links of one message, as the mailbox pages show them. */
function attachmentLinks(attachments: ReturnType<typeof attachmentsOf>): string {
  return attachments
    .map((a) => `<a href="${a.downloadUrl}" download="${escapeHtml(a.filename)}">&#128206; ${escapeHtml(a.filename)}</a> <small>${formatBytes(a.size)}</small>`)
    .join('<br>');
}

/**
 * The development mailbox: every message in the outbox (every tenant's), as JSON and as a page
 * at /dev/mailbox. Never registered in production, and answered only to a client on this machine:
 * the socket's own address must be loopback (X-Forwarded-For is not looked at, even with
 * TRUST_PROXY); anyone else gets 404 as if it did not exist (ASVS 13.4.2).
 */
export function registerDevMailbox(app: FastifyInstance, services: AppServices) {
  const { db } = services;

  app.addHook('onRequest', async (request) => {
    if (MAILBOX_ROUTES.has(`${request.method} ${request.routeOptions.url}`) && !isLoopbackAddress(request.raw.socket?.remoteAddress)) throw new AppError('ERROR_NOT_FOUND');
  });

  function page(query: PageRequest & { to?: string }) {
    const where = query.to ? eq(mailOutbox.to, query.to) : undefined;
    return fetchPage(
      query,
      async (limit, offset) =>
        (await db.select().from(mailOutbox).where(where).orderBy(desc(mailOutbox.id)).limit(limit).offset(offset)).map((m) => ({
          id: m.id,
          to: m.to,
          subject: m.subject,
          template: m.template,
          locale: m.locale,
          html: m.html,
          text: m.text,
          status: m.status,
          createdAt: m.createdAt.toISOString(),
          attachments: attachmentsOf(m.id, m.attachments),
        })),
      async () => (await db.select({ value: count() }).from(mailOutbox).where(where))[0]?.value ?? 0,
    );
  }

  route(app, devMailbox, async ({ query }) => page(query));

  app.get('/dev/mailbox', { schema: { hide: true } }, async (request, reply) => {
    const { content, totalElements } = await page({ page: 0, size: 200 });
    const rows = content
      .map(
        (m) => `<tr><td>${m.id}</td><td>${escapeHtml(new Date(m.createdAt).toLocaleString('ko-KR'))}</td><td>${escapeHtml(m.to)}</td>
<td><a href="/dev/mailbox/${m.id}">${escapeHtml(m.subject)}</a></td><td>${escapeHtml(m.template)}</td><td>${m.status}</td>
<td>${attachmentLinks(m.attachments)}</td></tr>`,
      )
      .join('\n');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="ko"><head><meta charset="utf-8"><title>개발용 메일함 · Dev mailbox</title>
<style>body{font-family:Poppins,'Noto Sans KR',sans-serif;margin:24px;color:#1b1f1d}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #e3e7e5;padding:8px;text-align:left;font-size:14px}th{background:#f4f6f5}</style></head>
<body><h1>개발용 메일함 <small style="color:#868e96;font-weight:400">Dev mailbox · ${totalElements}</small></h1>
<p>운영 환경에서는 표시되지 않습니다. Not available in production.</p>
${content.length === 0 ? '<p>아직 받은 메일이 없습니다. No messages yet.</p>' : `<table><thead><tr><th>#</th><th>보낸 시각 Sent</th><th>받는 사람 To</th><th>제목 Subject</th><th>템플릿 Template</th><th>상태 Status</th><th>첨부 Attachments</th></tr></thead><tbody>${rows}</tbody></table>`}
</body></html>`;
  });

  app.get('/dev/mailbox/:id', { schema: { hide: true } }, async (request, reply) => {
    const id = z.coerce.number().int().positive().safeParse((request.params as { id: string }).id);
    if (!id.success) throw new AppError('ERROR_NOT_FOUND');
    const [message] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id.data));
    if (!message) throw new AppError('ERROR_NOT_FOUND');
    reply.type('text/html; charset=utf-8');
    if (message.attachments.length === 0) return message.html;
    // The attachments above the message, as a mail client shows them.
    const bar = `<div data-dev-mailbox-attachments style="font-family:sans-serif;padding:12px 24px;background:#fff8db;border-bottom:1px solid #e3e7e5">${attachmentLinks(attachmentsOf(message.id, message.attachments))}</div>`;
    return /<body[^>]*>/.test(message.html) ? message.html.replace(/<body[^>]*>/, (open) => `${open}${bar}`) : `${bar}${message.html}`;
  });

  app.get('/dev/mailbox/:id/attachments/:index', { schema: { hide: true } }, async (request, reply) => {
    const params = z.object({ id: z.coerce.number().int().positive(), index: z.coerce.number().int().min(0) }).safeParse(request.params);
    if (!params.success) throw new AppError('ERROR_NOT_FOUND');
    const [message] = await db.select({ attachments: mailOutbox.attachments }).from(mailOutbox).where(eq(mailOutbox.id, params.data.id));
    const attachment = message?.attachments[params.data.index];
    if (!attachment || !(await services.storage.head(attachment.storageKey))) throw new AppError('ERROR_NOT_FOUND');
    reply.header('content-type', attachment.contentType).header('content-disposition', contentDisposition(attachment.filename));
    return reply.send(await services.storage.get(attachment.storageKey));
  });
}
