import { describe, expect, it } from 'vitest';
import { documentOf, fieldOf } from './esign-signer.test-support';
import { buildSignBody, initialDraft, isFieldDone, myFields, signingProgress } from './signing-form';
import { readSignerToken, saveSignerSession, clearSignerSession } from './signer-session';
import { pdfFileName } from './signer-download';

const NOW = new Date(2026, 10, 27, 10, 0, 0);

describe('the signer\'s fields', () => {
  it('are their own only, in reading order (page, top, left)', () => {
    expect(myFields(documentOf()).map((f) => f.key)).toEqual(['company', 'agree', 'date', 'sig']);
  });

  it('start with today in DATE fields, unticked boxes and the values the server holds', () => {
    const fields = [fieldOf('d', { type: 'DATE' }), fieldOf('c', { type: 'CHECKBOX' }), fieldOf('t', { value: '기존 값' }), fieldOf('s', { type: 'SEAL' })];
    expect(initialDraft(fields, NOW)).toEqual({ values: { d: '2026-11-27', c: 'false', t: '기존 값' }, signature: null });
  });

  it('count as done by their type: a signature, a ticked required box, a real date, text', () => {
    const draft = { values: { c: 'false', o: 'false', d: '27/11/2026', t: '  ' }, signature: null };
    expect(isFieldDone(fieldOf('c', { type: 'CHECKBOX' }), draft)).toBe(false);
    expect(isFieldDone(fieldOf('o', { type: 'CHECKBOX', required: false }), draft)).toBe(true);
    expect(isFieldDone(fieldOf('d', { type: 'DATE' }), draft)).toBe(false);
    expect(isFieldDone(fieldOf('t'), draft)).toBe(false);
    expect(isFieldDone(fieldOf('t', { required: false }), draft)).toBe(true);
    expect(isFieldDone(fieldOf('s', { type: 'SIGNATURE' }), draft)).toBe(false);
    expect(isFieldDone(fieldOf('s', { type: 'SIGNATURE' }), { ...draft, signature: { kind: 'TYPED', text: '김' } })).toBe(true);
  });

  it('give the progress and the next field to fill, and the sign body with trimmed values', () => {
    const fields = myFields(documentOf());
    const draft = initialDraft(fields, NOW);
    expect(signingProgress(fields, draft)).toMatchObject({ done: 1, total: 4, next: { key: 'company' } });
    const filled = { values: { ...draft.values, company: ' 을 ', agree: 'true' }, signature: { kind: 'DRAWN' as const, pngBase64: 'iVBORw0KGgo=' } };
    expect(signingProgress(fields, filled)).toMatchObject({ done: 4, next: null });
    expect(buildSignBody(fields, filled)).toEqual({
      signature: { kind: 'DRAWN', pngBase64: 'iVBORw0KGgo=' },
      values: [{ key: 'company', value: '을' }, { key: 'agree', value: 'true' }, { key: 'date', value: '2026-11-27' }],
      agreed: true,
    });
    // No signature field: no signature sent.
    expect(buildSignBody([fieldOf('t')], { values: { t: 'x' }, signature: { kind: 'TYPED', text: 'a' } })).toEqual({ values: [{ key: 't', value: 'x' }], agreed: true });
  });
});

describe('the signer token of a tab', () => {
  it('is kept for its link until it expires', () => {
    clearSignerSession();
    saveSignerSession('link-a', { signerToken: 'tok', expiresAt: '2026-11-27T12:00:00.000Z' });
    expect(readSignerToken('link-a', Date.parse('2026-11-27T11:59:00.000Z'))).toBe('tok');
    expect(readSignerToken('link-b', Date.parse('2026-11-27T11:59:00.000Z'))).toBeNull();
    expect(readSignerToken('link-a', Date.parse('2026-11-27T12:00:01.000Z'))).toBeNull();
    expect(localStorage.length).toBe(0);
    clearSignerSession();
    expect(sessionStorage.getItem('legal.esign.signer-session')).toBeNull();
  });
});

describe('the downloaded file name', () => {
  it('is the title without characters file systems refuse', () => {
    expect(pdfFileName('계약서: 1/2 "최종"', false)).toBe('계약서 1 2 최종.pdf');
    expect(pdfFileName('  ', true)).toBe('document (signed).pdf');
  });
});
