import { rgb, type PDFDocument, type PDFFont, type PDFPage } from '@cantoo/pdf-lib';

// The audit certificate appended to the signed document: A4, Korean or English, who signed, how
// they were verified and every event of the envelope (paginated when the events overflow).

export interface CertificateParty {
  order: number;
  name: string;
  role: string | null;
  email: string | null;
  kind: 'EXTERNAL' | 'COMPANY';
  status: string;
  verifiedBy: string | null;
  signedAt: Date | null;
}
export interface CertificateEvent {
  seq: number;
  type: string;
  actorName: string | null;
  at: Date;
  ip: string | null;
  userAgent: string | null;
  verificationMethod: string | null;
  detail: string | null;
  hash: string;
}
export interface CertificateData {
  envelopeId: number;
  title: string;
  senderName: string;
  locale: 'ko' | 'en';
  originalSha256: string;
  parties: CertificateParty[];
  events: CertificateEvent[];
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const GREY = rgb(0.4, 0.4, 0.4);
const BLACK = rgb(0.08, 0.08, 0.08);
const RULE = rgb(0.8, 0.8, 0.8);

const LABELS = {
  ko: {
    title: '전자서명 완료 인증서', envelope: '서명 요청 번호', document: '문서', sender: '요청자',
    before: '원본 문서 SHA-256 (서명 전)', after: '서명 반영 문서 SHA-256 (서명 후, 인증서 제외)',
    parties: '서명자', events: '이력', role: '역할', email: '이메일', verifiedBy: '본인 확인', signedAt: '서명 시각',
    status: '상태', actor: '행위자', ip: 'IP', userAgent: '브라우저', hash: '해시', detail: '내용', none: '-',
    company: '회사', external: '외부', page: (n: number, total: number) => `${n} / ${total}쪽`,
    footer: '이 인증서는 문서와 함께 전자서명되었습니다. 이력의 각 해시는 직전 이력의 해시를 포함해 계산됩니다.',
  },
  en: {
    title: 'Certificate of completion', envelope: 'Envelope', document: 'Document', sender: 'Sender',
    before: 'Original document SHA-256 (before signing)', after: 'Signed content SHA-256 (after signing, without this certificate)',
    parties: 'Signers', events: 'Events', role: 'Role', email: 'E-mail', verifiedBy: 'Verified by', signedAt: 'Signed at',
    status: 'Status', actor: 'Actor', ip: 'IP', userAgent: 'Browser', hash: 'Hash', detail: 'Detail', none: '-',
    company: 'Company', external: 'External', page: (n: number, total: number) => `Page ${n} of ${total}`,
    footer: 'This certificate is digitally signed with the document. Each event hash includes the hash of the event before it.',
  },
} as const;

const EVENT_LABELS: Record<string, { ko: string; en: string }> = {
  CREATED: { ko: '생성', en: 'Created' },
  SENT: { ko: '발송', en: 'Sent' },
  REMINDED: { ko: '재알림', en: 'Reminded' },
  RESENT: { ko: '재발송', en: 'Resent' },
  VERIFICATION_SENT: { ko: '인증번호 발송', en: 'Verification code sent' },
  VERIFIED: { ko: '본인 확인', en: 'Identity verified' },
  VERIFICATION_FAILED: { ko: '본인 확인 실패', en: 'Verification failed' },
  VIEWED: { ko: '문서 열람', en: 'Document viewed' },
  SIGNED: { ko: '서명', en: 'Signed' },
  SEAL_APPLIED: { ko: '날인', en: 'Seal applied' },
  DECLINED: { ko: '서명 거절', en: 'Declined' },
  VOIDED: { ko: '취소', en: 'Voided' },
  EXPIRED: { ko: '만료', en: 'Expired' },
  COMPLETED: { ko: '완료', en: 'Completed' },
};

const METHOD_LABELS: Record<string, { ko: string; en: string }> = {
  EMAIL: { ko: '이메일 인증', en: 'E-mail code' },
  SMS_OTP: { ko: '휴대폰 인증번호', en: 'SMS one-time code' },
  EASY_AUTH: { ko: '간편인증', en: 'Easy authentication' },
};

/** '2026-11-27 19:05:00 KST' */
export function formatKst(date: Date): string {
  const kst = new Date(date.getTime() + 9 * 3600_000).toISOString();
  return `${kst.slice(0, 10)} ${kst.slice(11, 19)} KST`;
}

function shortUserAgent(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const trimmed = userAgent.trim();
  return trimmed.length > 90 ? `${trimmed.slice(0, 87)}...` : trimmed;
}

/** Lays lines out top to bottom, adding A4 pages as they fill. */
class Writer {
  readonly pages: PDFPage[] = [];
  private page!: PDFPage;
  private y = 0;

  constructor(private readonly doc: PDFDocument, private readonly font: PDFFont) {
    this.newPage();
  }

  private newPage(): void {
    this.page = this.doc.addPage([A4.width, A4.height]);
    this.pages.push(this.page);
    this.y = A4.height - MARGIN;
  }

  /** Keeps the next `height` points together, on a new page if they do not fit. */
  keep(height: number): void {
    if (this.y - height < MARGIN + 24) this.newPage();
  }

  gap(points: number): void {
    this.y -= points;
  }

  rule(): void {
    this.keep(6);
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: A4.width - MARGIN, y: this.y }, thickness: 0.5, color: RULE });
    this.y -= 6;
  }

  /** Wrapped text; `indent` from the left margin. */
  text(value: string, options: { size?: number; indent?: number; color?: ReturnType<typeof rgb> } = {}): void {
    const size = options.size ?? 9;
    const indent = options.indent ?? 0;
    const width = A4.width - 2 * MARGIN - indent;
    for (const line of this.wrap(value, size, width)) {
      this.keep(size * 1.45);
      this.y -= size * 1.2;
      this.page.drawText(line, { x: MARGIN + indent, y: this.y, size, font: this.font, color: options.color ?? BLACK });
      this.y -= size * 0.25;
    }
  }

  /** Breaks at spaces when it can, inside a word (hashes, Korean) when it must. */
  private wrap(value: string, size: number, width: number): string[] {
    const lines: string[] = [];
    for (const paragraph of value.split('\n')) {
      let line = '';
      for (const word of paragraph.split(/(?<= )/)) {
        if (this.font.widthOfTextAtSize(line + word, size) <= width) {
          line += word;
          continue;
        }
        if (line) lines.push(line.trimEnd());
        line = '';
        for (const char of word) {
          if (this.font.widthOfTextAtSize(line + char, size) > width && line) {
            lines.push(line);
            line = '';
          }
          line += char;
        }
      }
      lines.push(line.trimEnd());
    }
    return lines;
  }

  numberPages(label: (n: number, total: number) => string): void {
    this.pages.forEach((page, i) => {
      const text = label(i + 1, this.pages.length);
      const size = 8;
      page.drawText(text, { x: A4.width - MARGIN - this.font.widthOfTextAtSize(text, size), y: MARGIN - 16, size, font: this.font, color: GREY });
    });
  }
}

/** Appends the certificate page(s) to the document; returns how many pages were added. */
export function appendCertificate(doc: PDFDocument, font: PDFFont, data: CertificateData & { flattenedSha256: string }): number {
  const l = LABELS[data.locale];
  const none = l.none;
  const w = new Writer(doc, font);
  w.text(l.title, { size: 18 });
  w.gap(6);
  w.text(`${l.envelope}: ${data.envelopeId}`, { size: 10 });
  w.text(`${l.document}: ${data.title}`, { size: 10 });
  w.text(`${l.sender}: ${data.senderName}`, { size: 10 });
  w.gap(4);
  w.text(l.before, { size: 8, color: GREY });
  w.text(data.originalSha256, { size: 9 });
  w.text(l.after, { size: 8, color: GREY });
  w.text(data.flattenedSha256, { size: 9 });
  w.gap(6);
  w.rule();

  w.text(l.parties, { size: 12 });
  w.gap(2);
  for (const party of [...data.parties].sort((a, b) => a.order - b.order)) {
    w.keep(60);
    w.text(`${party.order}. ${party.name} (${party.kind === 'COMPANY' ? l.company : l.external}) · ${l.status}: ${party.status}`, { size: 10 });
    w.text(`${l.role}: ${party.role ?? none} · ${l.email}: ${party.email ?? none} · ${l.verifiedBy}: ${methodLabel(party.verifiedBy, data.locale) ?? none}`, { indent: 12 });
    w.text(`${l.signedAt}: ${party.signedAt ? `${formatKst(party.signedAt)} (${party.signedAt.toISOString()})` : none}`, { indent: 12 });
    w.gap(3);
  }
  w.rule();

  w.text(l.events, { size: 12 });
  w.gap(2);
  for (const event of [...data.events].sort((a, b) => a.seq - b.seq)) {
    w.keep(52);
    const label = EVENT_LABELS[event.type]?.[data.locale] ?? event.type;
    w.text(`#${event.seq} ${label} · ${event.actorName ?? none} · ${formatKst(event.at)} (${event.at.toISOString()})`, { size: 9 });
    const method = methodLabel(event.verificationMethod, data.locale);
    w.text(`${l.ip}: ${event.ip ?? none} · ${l.userAgent}: ${shortUserAgent(event.userAgent) ?? none}${method ? ` · ${l.verifiedBy}: ${method}` : ''}`, { size: 8, indent: 12, color: GREY });
    w.text(`${l.hash}: ${event.hash.slice(0, 16)}${event.detail ? ` · ${l.detail}: ${event.detail}` : ''}`, { size: 8, indent: 12, color: GREY });
    w.gap(2);
  }
  w.gap(6);
  w.text(l.footer, { size: 8, color: GREY });
  w.numberPages(l.page);
  return w.pages.length;
}

function methodLabel(method: string | null, locale: 'ko' | 'en'): string | null {
  if (!method) return null;
  return METHOD_LABELS[method]?.[locale] ?? method;
}
