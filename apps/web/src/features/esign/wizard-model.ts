import { type CreateEnvelopeBody, CreateEnvelopeBodySchema, ESIGN_LIMITS, type FieldType, type VerificationMethod } from '@legal/api';

/**
 * The send wizard's state as plain data, and the body it sends: parties in signing order (their
 * `order` is their place in the list), fields tied to a party by a local id (so reordering the
 * parties keeps each field with its party), positions as fractions of the page.
 */

export interface PartyDraft {
  id: string;
  kind: 'EXTERNAL' | 'COMPANY';
  name: string;
  email: string;
  phone: string;
  role: string;
  verificationMethods: VerificationMethod[];
  locale: 'ko' | 'en';
}

export interface FieldDraft {
  id: string;
  partyId: string;
  type: FieldType;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  required: boolean;
}

export interface WizardState {
  parties: PartyDraft[];
  signingOrder: 'SEQUENTIAL' | 'PARALLEL';
  fields: FieldDraft[];
  title: string;
  message: string;
  /** YYYY-MM-DD: signing stays open until the end of that day in Korea. */
  expiryDate: string;
}

let nextId = 0;
export const localId = (prefix: string) => `${prefix}${++nextId}`;

export function newParty(kind: PartyDraft['kind'] = 'EXTERNAL', name = ''): PartyDraft {
  return { id: localId('p'), kind, name, email: '', phone: '', role: '', verificationMethods: ['EMAIL'], locale: 'ko' };
}

/** Default sizes, as fractions of an A4 page: a signature box about 45 x 15 mm. */
export const DEFAULT_SIZE: Record<FieldType, { width: number; height: number }> = {
  SIGNATURE: { width: 0.22, height: 0.07 },
  SEAL: { width: 0.12, height: 0.085 },
  DATE: { width: 0.18, height: 0.035 },
  TEXT: { width: 0.25, height: 0.035 },
  CHECKBOX: { width: 0.03, height: 0.021 },
};

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/** Keeps a box inside its page with a minimum size. */
export function fitToPage(box: { x: number; y: number; width: number; height: number }) {
  const width = clamp(box.width, 0.02, 1);
  const height = clamp(box.height, 0.015, 1);
  return { x: round4(clamp(box.x, 0, 1 - width)), y: round4(clamp(box.y, 0, 1 - height)), width: round4(width), height: round4(height) };
}

/** A new field of that type for that party on a page: centred on the point, or stacked down the page. */
export function newField(partyId: string, type: FieldType, page: number, at?: { x: number; y: number }, existingOnPage = 0): FieldDraft {
  const size = DEFAULT_SIZE[type];
  const x = at ? at.x - size.width / 2 : 0.1 + ((existingOnPage % 3) * 0.3);
  const y = at ? at.y - size.height / 2 : 0.7 + (Math.floor(existingOnPage / 3) % 3) * 0.09;
  return { id: localId('f'), partyId, type, page, required: type !== 'CHECKBOX', ...fitToPage({ x, y, ...size }) };
}

export function moveItem<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (target < 0 || target >= list.length) return [...list];
  const copy = [...list];
  [copy[index], copy[target]] = [copy[target]!, copy[index]!];
  return copy;
}

/** `end of that day in Korea` as the server's ISO instant with offset. */
export const expiryInstant = (date: string) => `${date}T23:59:59+09:00`;

/** Today in Korea as YYYY-MM-DD (the expiry date input's minimum is tomorrow). */
export function kstToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const prefixOf: Record<FieldType, string> = { SIGNATURE: 'sign', SEAL: 'seal', DATE: 'date', TEXT: 'text', CHECKBOX: 'check' };

export function buildBody(contractId: number, state: WizardState): CreateEnvelopeBody {
  const orderOf = new Map(state.parties.map((p, index) => [p.id, index + 1]));
  const counters = new Map<string, number>();
  const trimmed = (value: string) => (value.trim() ? value.trim() : undefined);
  return {
    contractId,
    ...(trimmed(state.title) ? { title: state.title.trim() } : {}),
    ...(trimmed(state.message) ? { message: state.message.trim() } : {}),
    signingOrder: state.signingOrder,
    expiresAt: state.expiryDate ? expiryInstant(state.expiryDate) : '',
    parties: state.parties.map((p, index) => ({
      kind: p.kind,
      name: p.name.trim(),
      ...(p.kind === 'EXTERNAL' && trimmed(p.email) ? { email: p.email.trim() } : {}),
      ...(trimmed(p.phone) ? { phone: p.phone.trim() } : {}),
      ...(trimmed(p.role) ? { role: p.role.trim() } : {}),
      order: index + 1,
      ...(p.kind === 'EXTERNAL' ? { verificationMethods: p.verificationMethods } : {}),
      locale: p.locale,
    })),
    fields: state.fields.map((f) => {
      const prefix = prefixOf[f.type];
      const n = (counters.get(prefix) ?? 0) + 1;
      counters.set(prefix, n);
      return {
        key: `${prefix}_${n}`,
        partyOrder: orderOf.get(f.partyId) ?? 0,
        type: f.type,
        page: f.page,
        x: f.x, y: f.y, width: f.width, height: f.height,
        required: f.required,
      };
    }),
  };
}

export type WizardErrorKey =
  | 'required' | 'tooLong' | 'invalid' | 'emailRequired' | 'phoneRequired' | 'methodsRequired' | 'expiryRange' | 'noFields' | 'fieldParty';
export type WizardError = { key: WizardErrorKey } | { text: string };
/** Errors by dotted body path (`parties.0.email`, `fields`, `expiresAt`). */
export type WizardErrors = Partial<Record<string, WizardError>>;

/** The server's schema, plus what it would refuse with a 400 (e-mail, phone, fields for a party, an expiry in range). */
export function validateBody(body: CreateEnvelopeBody, today: string = kstToday()): WizardErrors {
  const errors: WizardErrors = {};
  const result = CreateEnvelopeBodySchema.safeParse(body);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      const key: WizardErrorKey = issue.code === 'too_small' ? (issue.path.at(-1) === 'verificationMethods' ? 'methodsRequired' : 'required') : issue.code === 'too_big' ? 'tooLong' : 'invalid';
      errors[path] ??= { key };
    }
  }
  body.parties.forEach((party, index) => {
    if (party.kind !== 'COMPANY' && !party.email) errors[`parties.${index}.email`] ??= { key: 'emailRequired' };
    if (party.verificationMethods?.includes('SMS_OTP') && !party.phone) errors[`parties.${index}.phone`] ??= { key: 'phoneRequired' };
  });
  if (body.fields.length === 0) errors.fields ??= { key: 'noFields' };
  body.fields.forEach((field, index) => {
    if (field.partyOrder < 1 || field.partyOrder > body.parties.length) errors[`fields.${index}`] ??= { key: 'fieldParty' };
  });
  const date = body.expiresAt.slice(0, 10);
  if (!body.expiresAt) errors.expiresAt = { key: 'required' };
  else if (date <= today || date > addDays(today, ESIGN_LIMITS.maxExpiryDays)) errors.expiresAt = { key: 'expiryRange' };
  return errors;
}

/** Which wizard step shows an error path (0 parties, 1 fields, 2 message and expiry). */
export function stepOfPath(path: string): 0 | 1 | 2 {
  if (path.startsWith('parties') || path === 'signingOrder') return 0;
  if (path.startsWith('fields')) return 1;
  return 2;
}

export function errorsOfStep(errors: WizardErrors, step: 0 | 1 | 2): WizardErrors {
  return Object.fromEntries(Object.entries(errors).filter(([path]) => stepOfPath(path) === step));
}
