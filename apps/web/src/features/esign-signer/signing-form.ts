import { type SignBody, type SignatureInput, type SignerDocument, type SignerField } from './signer-api';

/** What the signer has entered so far: TEXT/DATE/CHECKBOX values by field key, and one signature. */
export interface SigningDraft {
  values: Record<string, string>;
  signature: SignatureInput | null;
}

/** SIGNATURE and SEAL fields take the signer's one signature image (or typed name). */
export function takesSignature(field: Pick<SignerField, 'type'>): boolean {
  return field.type === 'SIGNATURE' || field.type === 'SEAL';
}

/** The signer's own fields in reading order: page, then top to bottom, then left to right. */
export function myFields(document: Pick<SignerDocument, 'fields'>): SignerField[] {
  return document.fields.filter((f) => f.mine).sort((a, b) => a.page - b.page || a.y - b.y || a.x - b.x);
}

/** Today as an ISO date in the signer's own time zone (a DATE field's starting value). */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A fresh draft: DATE fields start at today, checkboxes unchecked, values the server already holds kept. */
export function initialDraft(fields: SignerField[], now = new Date()): SigningDraft {
  const values: Record<string, string> = {};
  for (const field of fields) {
    if (takesSignature(field)) continue;
    if (field.value !== null) values[field.key] = field.value;
    else if (field.type === 'DATE') values[field.key] = todayIso(now);
    else if (field.type === 'CHECKBOX') values[field.key] = 'false';
    else values[field.key] = '';
  }
  return { values, signature: null };
}

/** Whether a field has what signing needs: a signature, a non-empty value, a ticked required box. */
export function isFieldDone(field: SignerField, draft: SigningDraft): boolean {
  if (takesSignature(field)) return draft.signature !== null;
  const value = (draft.values[field.key] ?? '').trim();
  if (field.type === 'CHECKBOX') return field.required ? value === 'true' : true;
  if (field.type === 'DATE') return value === '' ? !field.required : /^\d{4}-\d{2}-\d{2}$/.test(value);
  return value !== '' || !field.required;
}

export interface SigningProgress {
  done: number;
  total: number;
  /** The first field (in reading order) still missing something, or null when all are done. */
  next: SignerField | null;
}

export function signingProgress(fields: SignerField[], draft: SigningDraft): SigningProgress {
  const done = fields.filter((f) => isFieldDone(f, draft)).length;
  return { done, total: fields.length, next: fields.find((f) => !isFieldDone(f, draft)) ?? null };
}

/** The sign call's body: the signature when a field takes it, and every value of the signer's own fields. */
export function buildSignBody(fields: SignerField[], draft: SigningDraft): SignBody {
  const needsSignature = fields.some(takesSignature);
  const values = fields
    .filter((f) => !takesSignature(f))
    .map((f) => ({ key: f.key, value: (draft.values[f.key] ?? '').trim() }))
    .filter((v) => v.value !== '');
  return {
    ...(needsSignature && draft.signature ? { signature: draft.signature } : {}),
    values,
    agreed: true,
  };
}
