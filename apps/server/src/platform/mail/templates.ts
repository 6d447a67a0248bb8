import type { Locale } from '@legal/api';

export interface MailEnv {
  publicUrl: string;
  productName: Record<Locale, string>;
  /** Set by the mailer for a message with attachments: `layout` says what is attached and what was too large. */
  attachments?: MailAttachmentNotice;
}

export interface MailAttachmentNotice {
  attached: Array<{ filename: string; size: number }>;
  /** Left out: together with those before them they pass `maxBytes` (MAIL_ATTACHMENT_MAX_BYTES). */
  omitted: Array<{ filename: string; size: number }>;
  maxBytes: number;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export interface MailTemplate<T> {
  name: string;
  render(data: T, locale: Locale, env: MailEnv): RenderedMail;
}

export function defineMailTemplate<T>(template: MailTemplate<T>): MailTemplate<T> {
  return template;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML bodies; every value put into a template goes through it. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** 245 KB, 12.3 MB: sizes as a reader says them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}

/** The lines that tell what the message carries attached, and what was too large to attach. */
export function attachmentLines(locale: Locale, notice: MailAttachmentNotice | undefined): string[] {
  if (!notice) return [];
  const list = (items: MailAttachmentNotice['attached']) => items.map((a) => `${a.filename} (${formatBytes(a.size)})`).join(', ');
  const lines: string[] = [];
  if (notice.attached.length > 0) lines.push(locale === 'ko' ? `첨부 파일: ${list(notice.attached)}` : `Attached: ${list(notice.attached)}`);
  if (notice.omitted.length > 0) {
    lines.push(
      locale === 'ko'
        ? `${list(notice.omitted)}: 첨부 한도(${formatBytes(notice.maxBytes)})를 넘어 첨부하지 않았습니다. 이 메일의 링크에서 받으세요.`
        : `${list(notice.omitted)}: over the ${formatBytes(notice.maxBytes)} attachment limit, so not attached. Download it from the link in this message.`,
    );
  }
  return lines;
}

/** The shared frame of every mail: product name, body paragraphs, attachments, an optional button, footer. */
export function layout(
  locale: Locale,
  env: MailEnv,
  parts: { heading: string; paragraphs: string[]; action?: { label: string; url: string }; footnote?: string },
): { html: string; text: string } {
  const product = env.productName[locale];
  const attachments = attachmentLines(locale, env.attachments);
  const footer =
    locale === 'ko'
      ? `본 메일은 ${product}에서 발송되었습니다. 회신하지 마세요.`
      : `This message was sent by ${product}. Please do not reply.`;
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(parts.heading)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f5;font-family:Poppins,'Noto Sans KR','Apple SD Gothic Neo','Malgun Gothic',sans-serif;color:#1b1f1d">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<tr><td><p style="margin:0 0 16px;font-weight:600;color:#2f9e44">${escapeHtml(product)}</p>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(parts.heading)}</h1>
${parts.paragraphs.map((p) => `<p style="line-height:1.6;margin:0 0 12px">${escapeHtml(p)}</p>`).join('\n')}
${attachments.map((p) => `<p style="line-height:1.6;margin:0 0 12px;color:#5c6360">&#128206; ${escapeHtml(p)}</p>`).join('\n')}
${parts.action ? `<p style="margin:24px 0"><a href="${escapeHtml(parts.action.url)}" style="background:#2f9e44;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(parts.action.label)}</a></p>` : ''}
${parts.footnote ? `<p style="color:#5c6360;font-size:13px">${escapeHtml(parts.footnote)}</p>` : ''}
<hr style="border:none;border-top:1px solid #e3e7e5;margin:24px 0"><p style="color:#868e96;font-size:12px;margin:0">${escapeHtml(footer)}</p>
</td></tr></table></body></html>`;
  const text = [
    parts.heading,
    '',
    ...parts.paragraphs,
    ...(attachments.length > 0 ? ['', ...attachments] : []),
    ...(parts.action ? ['', `${parts.action.label}: ${parts.action.url}`] : []),
    ...(parts.footnote ? ['', parts.footnote] : []),
    '',
    '--',
    footer,
  ].join('\n');
  return { html, text };
}

/** Lets an operator confirm that outgoing mail works (sent from the super-admin console). */
export const mailCheckTemplate = defineMailTemplate<{ requestedBy: string }>({
  name: 'platform.mail-check',
  render(data, locale, env) {
    const subject = locale === 'ko' ? `[${env.productName.ko}] 메일 발송 확인` : `[${env.productName.en}] Mail delivery check`;
    const body =
      locale === 'ko'
        ? layout(locale, env, {
            heading: '메일 발송이 정상적으로 설정되었습니다',
            paragraphs: [`${data.requestedBy} 님이 요청한 확인 메일입니다.`, '이 메일을 받으셨다면 알림, 인증번호, 초대 메일이 모두 전달됩니다.'],
            action: { label: '서비스 열기', url: env.publicUrl },
          })
        : layout(locale, env, {
            heading: 'Outgoing mail is working',
            paragraphs: [`This check was requested by ${data.requestedBy}.`, 'If you can read this, notifications, sign-in codes and invitations will arrive too.'],
            action: { label: 'Open the app', url: env.publicUrl },
          });
    return { subject, ...body };
  },
});
