import type { Locale } from '@legal/api';
import { and, eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Db, Tx } from '../db/client';
import { defineJob, type JobQueue } from '../jobs/jobs';
import type { ObjectStorage } from '../storage/storage';
import { mailOutbox, type StoredMailAttachment } from './mail.table';
import type { MailAttachmentNotice, MailEnv, MailTemplate } from './templates';

/** A file to send with a message: an object already in storage (the outbox keeps the reference, not the bytes). */
export interface MailAttachmentInput {
  filename: string;
  contentType: string;
  storageKey: string;
  sha256: string;
}

export interface SendMailInput<T> {
  to: string;
  locale: Locale;
  data: T;
  tenantId?: number;
  workspaceId?: number;
  meta?: Record<string, unknown>;
  /** Attached in order while together within MAIL_ATTACHMENT_MAX_BYTES; the rest are named in the mail as too large. */
  attachments?: MailAttachmentInput[];
}

export interface MailerOptions {
  db: Db;
  env: MailEnv;
  from: string;
  /** smtp:// URL; without it mail is kept in the outbox for the development mailbox. */
  smtpUrl?: string;
  logger: Logger;
  /** Where attachments are read from. */
  storage: ObjectStorage;
  /** MAIL_ATTACHMENT_MAX_BYTES: a message's attachments together. */
  attachmentMaxBytes: number;
}

/**
 * One mailer for the product. Every message is written to the outbox (inside the caller's
 * transaction when one is given, so mail and the change it reports commit together); with
 * SMTP configured a job delivers it with retries.
 */
export class Mailer {
  private readonly transport: Transporter | null;
  private jobs: Pick<JobQueue<unknown>, 'send'> | null = null;

  constructor(private readonly options: MailerOptions) {
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  }

  get deliversBySmtp() {
    return this.transport !== null;
  }

  attachJobs(jobs: Pick<JobQueue<unknown>, 'send'>) {
    this.jobs = jobs;
  }

  async send<T>(template: MailTemplate<T>, input: SendMailInput<T>, tx?: Tx): Promise<{ id: number }> {
    const { attachments, notice } = await this.fitAttachments(input.attachments ?? []);
    const rendered = template.render(input.data, input.locale, notice ? { ...this.options.env, attachments: notice } : this.options.env);
    const [row] = await (tx ?? this.options.db)
      .insert(mailOutbox)
      .values({
        to: input.to,
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
        template: template.name,
        locale: input.locale,
        tenantId: input.tenantId ?? null,
        workspaceId: input.workspaceId ?? null,
        status: this.transport ? 'queued' : 'kept',
        meta: input.meta ?? null,
        attachments,
      })
      .returning({ id: mailOutbox.id });
    if (!row) throw new Error('outbox insert returned nothing');
    if (this.transport) {
      if (!this.jobs) throw new Error('mailer has SMTP but no job queue');
      // On the caller's transaction: the message and its delivery commit (or vanish) together.
      await this.jobs.send(deliverMailJob, { outboxId: row.id }, { idempotencyKey: `outbox-${row.id}`, tx });
    }
    return { id: row.id };
  }

  /**
   * The attachments that go with the message (their size read from storage, not trusted from the
   * caller), in order while together within the cap; the notice the mail's layout shows.
   */
  private async fitAttachments(inputs: MailAttachmentInput[]): Promise<{ attachments: StoredMailAttachment[]; notice: MailAttachmentNotice | null }> {
    if (inputs.length === 0) return { attachments: [], notice: null };
    const maxBytes = this.options.attachmentMaxBytes;
    const attachments: StoredMailAttachment[] = [];
    const notice: MailAttachmentNotice = { attached: [], omitted: [], maxBytes };
    let total = 0;
    for (const input of inputs) {
      const info = await this.options.storage.head(input.storageKey);
      if (!info) throw new Error(`mail attachment ${input.storageKey} is not in storage`);
      const entry = { filename: input.filename, size: info.size };
      if (total + info.size <= maxBytes) {
        total += info.size;
        attachments.push({ ...input, size: info.size });
        notice.attached.push(entry);
      } else {
        notice.omitted.push(entry);
      }
    }
    return { attachments, notice };
  }

  /** Delivers one outbox message over SMTP. Safe to repeat: a sent message is not sent again. */
  async deliver(outboxId: number, isLastAttempt: boolean): Promise<void> {
    if (!this.transport) return;
    const db = this.options.db;
    const [message] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, outboxId));
    if (!message || message.status === 'sent') return; // rolled back or already delivered
    const host = new URL(this.options.env.publicUrl).hostname;
    try {
      const info = await this.transport.sendMail({
        from: this.options.from,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        messageId: `<outbox-${message.id}@${host}>`,
        // Read from storage at each attempt; a missing object fails the attempt (recorded, retried).
        attachments: await Promise.all(
          message.attachments.map(async (a) => ({ filename: a.filename, contentType: a.contentType, content: await this.options.storage.get(a.storageKey) })),
        ),
      });
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: new Date(), messageId: info.messageId, attempts: message.attempts + 1, lastError: null })
        .where(and(eq(mailOutbox.id, outboxId)));
    } catch (err) {
      await db
        .update(mailOutbox)
        .set({ status: isLastAttempt ? 'failed' : 'queued', attempts: message.attempts + 1, lastError: String((err as Error).message).slice(0, 1000) })
        .where(eq(mailOutbox.id, outboxId));
      throw err;
    }
  }

  async close() {
    this.transport?.close();
  }
}

export const deliverMailJob = defineJob<{ outboxId: number }, { mailer: Mailer }>({
  name: 'mail.deliver',
  payload: z.object({ outboxId: z.number().int().positive() }),
  policy: { retryLimit: 6, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 120 },
  concurrency: 2,
  async handler({ outboxId }, { mailer }, run) {
    await mailer.deliver(outboxId, run.retryCount >= deliverMailJob.policy.retryLimit);
  },
});
