import { deflateSync } from 'node:zlib';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { callApi } from './workspace';

/**
 * Helpers of the e-sign and seal journey: a one-page PDF and a transparent PNG built in the test,
 * binary uploads and downloads as the signed-in user, the dev mailbox's links, and the signer
 * routes (no account: only the link's URL token and the signer token it is exchanged for).
 */

/** A one-page A4 PDF (Helvetica, ASCII lines) with a correct cross-reference table. */
export function onePagePdf(lines: readonly string[]): Buffer {
  const escape = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const content = ['BT', '/F1 14 Tf', '72 770 Td', '18 TL', ...lines.map((l) => `(${escape(l)}) '`), 'ET'].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let body = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A 96×96 RGBA PNG: a red ring on a transparent ground (a round company seal). */
export function sealPng(): Buffer {
  const size = 96;
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x - size / 2 + 0.5, y - size / 2 + 0.5);
      const inRing = d <= 44 && d >= 36;
      const inMark = Math.abs(x - size / 2) < 14 && Math.abs(y - size / 2) < 14 && (x + y) % 6 < 3;
      const at = y * (size * 4 + 1) + 1 + x * 4;
      if (inRing || inMark) raw.set([200, 30, 30, 255], at);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** Uploads bytes through arxive as the signed-in user and answers the file key. */
export async function uploadBytes(page: Page, name: string, mimeType: string, bytes: Buffer): Promise<string> {
  const result = await page.evaluate(
    async ({ name, mimeType, base64 }) => {
      const [tenant, workspace] = (localStorage.getItem('legal.session.last-workspace') ?? '0-0').split('-');
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const form = new FormData();
      form.append('displayName', name);
      form.append('file', new Blob([data], { type: mimeType }), name);
      const res = await fetch('/api/arxive/files/v2', { method: 'POST', headers: { 'x-tenant': tenant!, 'x-workspace': workspace!, accept: 'application/json' }, credentials: 'include', body: form });
      return res.text();
    },
    { name, mimeType, base64: bytes.toString('base64') },
  );
  const envelope = JSON.parse(result) as { code: string; data: { fileKey: string } };
  expect(envelope.code, result.slice(0, 300)).toBe('SUCCESS');
  return envelope.data.fileKey;
}

/** The user id of a member of the page's workspace, by e-mail (the workflow pickers' list). */
export async function userIdOf(page: Page, email: string): Promise<number> {
  const users = await callApi<Array<{ userId: number; email: string | null }>>(page, 'GET', '/api/conhub/users/with-divisions/v1?size=100');
  const user = users.find((u) => u.email === email);
  expect(user, `a member with the e-mail ${email}`).toBeTruthy();
  return user!.userId;
}

interface Mail {
  id: number;
  subject: string;
  text: string;
  html: string;
}

/** The newest message to `to` newer than `after` that `matches`, polling the dev mailbox. */
export async function waitForMail(request: APIRequestContext, to: string, after: number, matches: (m: Mail) => boolean = () => true): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/mailbox/v1?to=${encodeURIComponent(to)}&size=20`);
        const messages = (await res.json()).data.content as Mail[];
        found = messages.find((m) => m.id > after && matches(m));
        return Boolean(found);
      },
      { timeout: 60_000, intervals: [250, 500, 1000], message: `a mail to ${to} after #${after}` },
    )
    .toBe(true);
  return found!;
}

/** The signing link of a mail (the first link to this server that is not the mailbox or sign-in). */
export function signingLink(mail: Mail, baseURL: string): string {
  const links = [...`${mail.text}\n${mail.html}`.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((m) => m[0].replace(/&amp;/g, '&'));
  const link = links.find((l) => l.startsWith(baseURL) && /sign/i.test(new URL(l).pathname + new URL(l).search) && !/sign-in/.test(l));
  expect(link, `a signing link in "${mail.subject}": ${links.join(' ')}`).toBeTruthy();
  return link!;
}

/** Today's date in Korea (YYYY-MM-DD), shifted by `days`. */
export function kstDate(days = 0): string {
  return new Date(Date.now() + 9 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}
