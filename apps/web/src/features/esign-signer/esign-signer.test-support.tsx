import { type ReactNode } from 'react';
import { type LinkInfo, type SignerDocument, type SignerField } from './signer-api';

export const URL_TOKEN = 'url-token-0123456789abcdefghij';
export const SIGNER_TOKEN = 'signer-token-0123456789abcdef';

export function linkOf(patch: Partial<LinkInfo> = {}): LinkInfo {
  return {
    linkState: 'ACTIVE',
    envelopeTitle: '물품공급계약서',
    senderName: '한빛상사',
    expiresAt: '2026-12-31T09:00:00.000Z',
    signerName: '김서명',
    maskedEmail: 'k***@example.com',
    maskedPhone: '010-****-5678',
    methods: ['EMAIL'],
    easyAuthProviders: [],
    locale: 'ko',
    ...patch,
  };
}

export function fieldOf(key: string, patch: Partial<SignerField> = {}): SignerField {
  return { key, partyOrder: 1, type: 'TEXT', page: 1, x: 0.1, y: 0.1, width: 0.3, height: 0.05, required: true, label: null, filled: false, value: null, mine: true, ...patch };
}

export function documentOf(patch: Partial<SignerDocument> = {}): SignerDocument {
  return {
    envelopeTitle: '물품공급계약서',
    message: '검토 후 서명 부탁드립니다.',
    senderName: '한빛상사',
    status: 'IN_PROGRESS',
    linkState: 'ACTIVE',
    signingOrder: 'SEQUENTIAL',
    expiresAt: '2026-12-31T09:00:00.000Z',
    pageCount: 2,
    originalSha256: 'a'.repeat(64),
    me: { partyId: 11, name: '김서명', role: '을', status: 'SENT', order: 1 },
    fields: [
      fieldOf('sig', { type: 'SIGNATURE', page: 2, y: 0.8 }),
      fieldOf('company', { type: 'TEXT', page: 1, y: 0.3, label: '회사명' }),
      fieldOf('agree', { type: 'CHECKBOX', page: 1, y: 0.5, label: '약관 동의' }),
      fieldOf('date', { type: 'DATE', page: 2, y: 0.7 }),
      fieldOf('other', { type: 'SIGNATURE', page: 2, y: 0.9, mine: false, partyOrder: 2 }),
    ],
    parties: [
      { order: 1, name: '김서명', status: 'SENT', kind: 'EXTERNAL' },
      { order: 2, name: '이대표', status: 'WAITING', kind: 'COMPANY' },
    ],
    ...patch,
  };
}

/** Stands in for the pdf.js pages in tests (jsdom draws no PDF): one box per page with its overlay. */
export function FakePdfPages({ renderOverlay }: { blob: Blob; renderOverlay: (page: number) => ReactNode; failure: ReactNode }) {
  return (
    <div>
      {[1, 2].map((page) => (
        <section key={page} aria-label={`page ${page}`} style={{ position: 'relative' }}>
          {renderOverlay(page)}
        </section>
      ))}
    </div>
  );
}
