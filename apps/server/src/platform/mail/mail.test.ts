import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, waitFor } from '../../test/harness';
import { mailOutbox } from './mail.table';
import { mailCheckTemplate } from './templates';

describe('mail without SMTP: outbox and development mailbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps a localized message in the outbox and lists it in the dev mailbox', async () => {
    const ko = await t.services.mailer.send(mailCheckTemplate, { to: 'kim@example.kr', locale: 'ko', data: { requestedBy: '김변호사 <script>alert(1)</script>' } });
    await t.services.mailer.send(mailCheckTemplate, { to: 'lee@example.com', locale: 'en', data: { requestedBy: 'Lee' } });

    const res = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox/v1?to=kim@example.kr' });
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page.totalElements).toBe(1);
    const [message] = page.content;
    expect(message).toMatchObject({ id: ko.id, to: 'kim@example.kr', status: 'kept', locale: 'ko', subject: '[리걸 스위트] 메일 발송 확인' });
    expect(message.html).toContain('김변호사 &lt;script&gt;');
    expect(message.html).not.toContain('<script>alert');
    expect(message.text).toContain('김변호사 <script>alert(1)</script> 님이 요청한 확인 메일입니다.');

    const en = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox/v1?to=lee@example.com' });
    expect(en.json().data.content[0].subject).toBe('[Legal Suite] Mail delivery check');

    const pageHtml = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(pageHtml.headers['content-type']).toContain('text/html');
    expect(pageHtml.body).toContain('메일 발송 확인');
    const one = await t.app.inject({ method: 'GET', url: `/dev/mailbox/${ko.id}` });
    expect(one.body).toContain('메일 발송이 정상적으로 설정되었습니다');
    expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox/999999' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox/abc' })).statusCode).toBe(404);
  });

  it('writes mail inside the caller transaction: a rollback leaves no message', async () => {
    await expect(
      t.services.db.transaction(async (tx) => {
        await t.services.mailer.send(mailCheckTemplate, { to: 'rollback@example.kr', locale: 'ko', data: { requestedBy: 'x' } }, tx);
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    const rows = await t.services.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'rollback@example.kr'));
    expect(rows).toHaveLength(0);
  });
});

describe('the dev mailbox in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://legal.example.com' }, startJobs: false });
  });
  afterAll(() => t.close());

  it('does not exist', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/mailbox/v1' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
  });
});

describe('mail over SMTP (a real SMTP peer on loopback)', () => {
  const received: ParsedMail[] = [];
  let rejectNext = false;
  let smtp: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (rejectNext) {
          rejectNext = false;
          callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 450 }));
          return;
        }
        callback();
      },
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push(mail);
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Legal Suite <no-reply@legal.example.com>' } });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the message through the job and marks it sent', async () => {
    const { id } = await t.services.mailer.send(mailCheckTemplate, { to: 'park@example.kr', locale: 'ko', data: { requestedBy: '박대리' } });
    const mail = await waitFor(async () => received.find((m) => m.subject?.includes('메일 발송 확인')));
    expect(mail.subject).toBe('[리걸 스위트] 메일 발송 확인');
    expect(mail.from?.text).toContain('no-reply@legal.example.com');
    expect(mail.html).toContain('박대리 님이 요청한 확인 메일입니다.');
    expect(mail.text).toContain('박대리');
    expect(mail.messageId).toContain(`outbox-${id}@`);
    const row = await waitFor(async () => {
      const [r] = await t.services.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      return r?.status === 'sent' ? r : null;
    });
    expect(row.attempts).toBe(1);
  });

  it('delivers mail sent inside a committed transaction, and nothing from a rolled-back one', async () => {
    await t.services.db.transaction(async (tx) => {
      await t.services.mailer.send(mailCheckTemplate, { to: 'committed@example.kr', locale: 'ko', data: { requestedBy: '커밋' } }, tx);
    });
    await expect(
      t.services.db.transaction(async (tx) => {
        await t.services.mailer.send(mailCheckTemplate, { to: 'rolled-back@example.kr', locale: 'ko', data: { requestedBy: '롤백' } }, tx);
        throw new Error('approval failed');
      }),
    ).rejects.toThrow('approval failed');
    await waitFor(async () => received.find((m) => m.text?.includes('커밋')));
    await new Promise((r) => setTimeout(r, 1500));
    expect(received.some((m) => m.text?.includes('롤백'))).toBe(false);
    const rows = await t.services.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'rolled-back@example.kr'));
    expect(rows).toHaveLength(0);
  });

  it('records a refused delivery and keeps the message queued for retry', async () => {
    rejectNext = true;
    const { id } = await t.services.mailer.send(mailCheckTemplate, { to: 'refused@example.kr', locale: 'en', data: { requestedBy: 'ops' } });
    const row = await waitFor(async () => {
      const [r] = await t.services.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      return r && r.attempts > 0 ? r : null;
    });
    expect(row.status).toBe('queued');
    expect(row.lastError).toMatch(/mailbox unavailable|450/);
  });
});
