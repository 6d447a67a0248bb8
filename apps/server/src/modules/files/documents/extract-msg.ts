import MsgReaderModule from '@kenjiuno/msgreader';
import { donePage, errorMessage, failedPage, type FormatExtraction } from './extract-common';
import type { RawBlock } from './structure';

// The package is CommonJS with a default export.
const MsgReader = ((MsgReaderModule as unknown as { default?: typeof MsgReaderModule }).default ?? MsgReaderModule) as typeof MsgReaderModule;

/** Outlook .msg: headers (from, to, subject) and the plain-text body; attachments are named only. */
export function extractMsg(bytes: Buffer): FormatExtraction {
  try {
    const data = new MsgReader(new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)).getFileData();
    if (data.error) return { pages: [failedPage(1, `Could not read this Outlook message: ${data.error}`)] };
    const recipients = (data.recipients ?? []).map((r) => r.smtpAddress ?? r.email ?? r.name).filter(Boolean);
    const attachments = (data.attachments ?? []).map((a) => a.fileName ?? a.name).filter(Boolean);
    const header = [
      data.senderName || data.senderEmail ? `From: ${[data.senderName, data.senderEmail && `<${data.senderEmail}>`].filter(Boolean).join(' ')}` : '',
      recipients.length ? `To: ${recipients.join(', ')}` : '',
      data.subject ? `Subject: ${data.subject}` : '',
      attachments.length ? `Attachments: ${attachments.join(', ')}` : '',
    ].filter(Boolean);
    const body = (data.body ?? '').replace(/\r\n?/g, '\n').trim();
    const blocks: RawBlock[] = [
      ...(data.subject ? [{ kind: 'heading' as const, level: 1, text: data.subject, page: 1 }] : []),
      ...body.split(/\n{2,}/).map((text) => ({ kind: 'paragraph' as const, text: text.trim(), page: 1 })).filter((b) => b.text),
    ];
    return { pages: [donePage(1, [...header, '', body].join('\n').trim())], blocks, totalPages: 1 };
  } catch (error) {
    return { pages: [failedPage(1, `Could not read this Outlook message: ${errorMessage(error)}`)] };
  }
}
