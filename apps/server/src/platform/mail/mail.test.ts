import { createHash, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, waitFor } from '../../test/harness';
import { mailOutbox } from './mail.table';
import { mailCheckTemplate } from './templates';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Bytes put into the app's object storage, as a module would before attaching them. */
async function stored(t: TestApp, name: string, size: number) {
  const bytes = Buffer.alloc(size, name);
  const storageKey = `t1/w1/mail-test/${randomUUID()}.pdf`;
  await t.services.storage.put(storageKey, Readable.from([bytes]), { maxBytes: size });
  return { bytes, attachment: { filename: `${name}.pdf`, contentType: 'application/pdf', storageKey, sha256: sha256(bytes) } };
}

describe('mail without SMTP: outbox and development mailbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_ATTACHMENT_MAX_BYTES: '2000' } });
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

  it('keeps attachments by reference within the cap, names the one left out, and lets the dev mailbox download them', async () => {
    const fits = await stored(t, '계약서', 1500);
    const tooMuch = await stored(t, 'annex', 1000);
    const { id } = await t.services.mailer.send(mailCheckTemplate, { to: 'attach@example.kr', locale: 'ko', data: { requestedBy: '첨부' }, attachments: [fits.attachment, tooMuch.attachment] });
    const [row] = await t.services.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    // The reference only: the outbox never holds the bytes.
    expect(row!.attachments).toEqual([{ ...fits.attachment, size: 1500 }]);
    expect(row!.text).toContain('첨부 파일: 계약서.pdf (1 KB)');
    expect(row!.text).toContain('annex.pdf (1000 B): 첨부 한도(2 KB)를 넘어 첨부하지 않았습니다.');
    expect(row!.html).toContain('첨부 파일: 계약서.pdf');

    const listed = (await t.app.inject({ method: 'GET', url: '/api/dev/mailbox/v1?to=attach@example.kr' })).json().data.content[0];
    expect(listed.attachments).toEqual([{ filename: '계약서.pdf', contentType: 'application/pdf', size: 1500, sha256: fits.attachment.sha256, downloadUrl: `/dev/mailbox/${id}/attachments/0` }]);
    const download = await t.app.inject({ method: 'GET', url: listed.attachments[0].downloadUrl });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''%EA%B3%84%EC%95%BD%EC%84%9C.pdf");
    expect(sha256(download.rawPayload)).toBe(fits.attachment.sha256);
    expect((await t.app.inject({ method: 'GET', url: `/dev/mailbox/${id}/attachments/1` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/dev/mailbox/${id}/attachments/x` })).statusCode).toBe(404);

    // The pages show it: a link in the list, a bar above the message.
    const list = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(list.body).toContain(`<a href="/dev/mailbox/${id}/attachments/0" download="계약서.pdf">`);
    const one = await t.app.inject({ method: 'GET', url: `/dev/mailbox/${id}` });
    expect(one.body).toMatch(/<body[^>]*><div data-dev-mailbox-attachments[^>]*><a href="\/dev\/mailbox\/\d+\/attachments\/0"/);

    // English, and nothing fits: the mail only says so.
    const big = await stored(t, 'big', 2001);
    const { id: enId } = await t.services.mailer.send(mailCheckTemplate, { to: 'attach-en@example.com', locale: 'en', data: { requestedBy: 'x' }, attachments: [big.attachment] });
    const [en] = await t.services.db.select().from(mailOutbox).where(eq(mailOutbox.id, enId));
    expect(en!.attachments).toEqual([]);
    expect(en!.text).toContain('big.pdf (2 KB): over the 2 KB attachment limit, so not attached. Download it from the link in this message.');
    await expect(t.services.mailer.send(mailCheckTemplate, { to: 'x@example.com', locale: 'en', data: { requestedBy: 'x' }, attachments: [{ ...big.attachment, storageKey: 't1/w1/mail-test/none' }] })).rejects.toThrow('not in storage');
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

  it('sends the attachments read from storage, byte for byte', async () => {
    const pdf = await stored(t, '서명완료', 4096);
    const { id } = await t.services.mailer.send(mailCheckTemplate, { to: 'smtp-attach@example.kr', locale: 'ko', data: { requestedBy: '첨부 전송' }, attachments: [pdf.attachment] });
    const mail = await waitFor(async () => received.find((m) => m.text?.includes('첨부 전송')));
    expect(mail.attachments).toHaveLength(1);
    const [attached] = mail.attachments;
    expect(attached!.filename).toBe('서명완료.pdf');
    expect(attached!.contentType).toBe('application/pdf');
    expect(sha256(attached!.content)).toBe(pdf.attachment.sha256);
    expect(mail.text).toContain('첨부 파일: 서명완료.pdf (4 KB)');
    await waitFor(async () => ((await t.services.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]?.status === 'sent' ? true : null));
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
