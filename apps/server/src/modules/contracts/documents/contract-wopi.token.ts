import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../../config';

/**
 * The access tokens of the Word editor (WOPI). The editor's server calls our WOPI endpoints with
 * nothing but `?access_token=`, so the token carries everything the call is allowed to touch:
 * tenant, workspace, contract, document (file key), user and expiry, signed with HMAC-SHA256
 * under a key derived (HKDF) from WORD_EDITOR_SECRET. Nothing is stored: a token cannot be
 * revoked, but every call checks again that the user is an active member who may still read (or
 * edit) the contract, so taking the rights away takes effect at once.
 * Form: `w1.<claims, base64url JSON>.<mac, base64url>`.
 */

const VERSION = 'w1';
const DEV_KEY_MATERIAL = 'legal-suite development WOPI key (never used in production)';

export type WopiKey = Buffer;

export interface WopiClaims {
  tenantId: number;
  workspaceId: number;
  contractId: number;
  fileKey: string;
  userId: number;
  /** Milliseconds since 1970. */
  expiresAt: number;
}

type EditorConfig = Pick<Config, 'wordEditor' | 'isProduction'>;

/** The signing key, or null in production without WORD_EDITOR_SECRET. */
const derivedKeys = new WeakMap<EditorConfig, WopiKey | null>();

/** Derived once per configuration (every WOPI call verifies a token with it). */
export function wopiKeyOf(config: EditorConfig): WopiKey | null {
  if (derivedKeys.has(config)) return derivedKeys.get(config)!;
  const material = config.wordEditor.secret ?? (config.isProduction ? null : DEV_KEY_MATERIAL);
  const key = material === null ? null : Buffer.from(hkdfSync('sha256', material, 'legal-suite/wopi', 'access-token/hmac-sha256', 32));
  derivedKeys.set(config, key);
  return key;
}

/** An editor is usable: its URL is configured and tokens can be signed. */
export function isEditorConfigured(config: EditorConfig): boolean {
  return Boolean(config.wordEditor.actionUrl) && wopiKeyOf(config) !== null;
}

const mac = (key: WopiKey, body: string) => createHmac('sha256', key).update(`${VERSION}.${body}`).digest();

export function signWopiToken(key: WopiKey, claims: WopiClaims): string {
  // A nonce: two tokens for the same claims still differ.
  const body = Buffer.from(JSON.stringify({ ...claims, n: randomBytes(9).toString('base64url') })).toString('base64url');
  return `${VERSION}.${body}.${mac(key, body).toString('base64url')}`;
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

/** The claims of a genuine, unexpired token; null for anything else (malformed, forged, another key, expired). */
export function verifyWopiToken(key: WopiKey, token: string | undefined, now = Date.now()): WopiClaims | null {
  if (!token || token.length > 2048) return null;
  const [version, body, signature, ...rest] = token.split('.');
  if (version !== VERSION || !body || !signature || rest.length > 0) return null;
  const expected = mac(key, body);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: Record<string, unknown>;
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
  const { tenantId, workspaceId, contractId, fileKey, userId, expiresAt } = claims;
  if (![tenantId, workspaceId, contractId, userId].every(isId) || typeof fileKey !== 'string' || typeof expiresAt !== 'number') return null;
  if (expiresAt <= now) return null;
  return { tenantId, workspaceId, contractId, fileKey, userId, expiresAt } as WopiClaims;
}

/** Where the editor reaches our WOPI endpoint for a document (WOPISrc). */
export function wopiSrcOf(config: Pick<Config, 'publicUrl'>, fileKey: string): string {
  return `${config.publicUrl}/api/conhub/wopi/files/${encodeURIComponent(fileKey)}`;
}

/**
 * The editor's action URL for a document: WORD_EDITOR_URL without the optional `<name=VALUE&>`
 * placeholders of Office's discovery XML, plus WOPISrc.
 */
export function editorUrlFor(actionUrl: string, wopiSrc: string): string {
  const cleaned = actionUrl.replace(/<[^>]*>/g, '').replace(/[?&]+$/, '');
  return `${cleaned}${cleaned.includes('?') ? '&' : '?'}WOPISrc=${encodeURIComponent(wopiSrc)}`;
}
