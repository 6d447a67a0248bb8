import type { Locale } from '@legal/api';
import { and, eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Db, Tx } from '../db/client';
import { defineJob, type JobQueue } from '../jobs/jobs';
import { mailOutbox } from './mail.table';
import type { MailEnv, MailTemplate } from './templates';

export interface SendMailInput<T> {
  to: string;
  locale: Locale;
  data: T;
  tenantId?: number;
  workspaceId?: number;
  meta?: Record<string, unknown>;
}

export interface MailerOptions {
  db: Db;
  env: MailEnv;
  from: string;
  /** smtp:// URL; without it mail is kept in the outbox for the development mailbox. */
  smtpUrl?: string;
  logger: Logger;
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
    const rendered = template.render(input.data, input.locale, this.options.env);
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
