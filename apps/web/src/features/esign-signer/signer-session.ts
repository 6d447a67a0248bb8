import { type SignerSession } from './signer-api';

/**
 * The signer token answered by a verification. It lives in memory, mirrored in this tab's
 * sessionStorage (so a reload does not ask for a new code), never in localStorage: it is gone
 * when the tab closes, and it is kept only for the link it was answered for and until it expires.
 */
const KEY = 'legal.esign.signer-session';

interface Stored extends SignerSession {
  urlToken: string;
}

let inMemory: Stored | null = null;

function tabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function isLive(session: Stored, urlToken: string, now: number): boolean {
  const expiresAt = Date.parse(session.expiresAt);
  return session.urlToken === urlToken && Number.isFinite(expiresAt) && expiresAt > now;
}

function readStored(): Stored | null {
  try {
    const raw = tabStorage()?.getItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Stored>;
    if (typeof parsed.urlToken !== 'string' || typeof parsed.signerToken !== 'string' || typeof parsed.expiresAt !== 'string') return null;
    return { urlToken: parsed.urlToken, signerToken: parsed.signerToken, expiresAt: parsed.expiresAt };
  } catch {
    return null;
  }
}

/** The live signer token of this link in this tab, or null. */
export function readSignerToken(urlToken: string, now = Date.now()): string | null {
  const session = inMemory ?? readStored();
  if (!session || !isLive(session, urlToken, now)) return null;
  inMemory = session;
  return session.signerToken;
}

export function saveSignerSession(urlToken: string, session: SignerSession): void {
  inMemory = { urlToken, signerToken: session.signerToken, expiresAt: session.expiresAt };
  try {
    tabStorage()?.setItem(KEY, JSON.stringify(inMemory));
  } catch {
    // Storage disabled or full: the token still lives in memory for this page.
  }
}

export function clearSignerSession(): void {
  inMemory = null;
  try {
    tabStorage()?.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}
