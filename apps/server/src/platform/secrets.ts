import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets stored at rest (SSO client secrets, AI provider keys): AES-256-GCM under a key derived
 * (HKDF-SHA256) from operator key material, with a context string as additional authenticated
 * data, so a ciphertext copied into another row (another workspace, another purpose) does not
 * decrypt. Stored form: `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
const VERSION = 'v1';

export type SecretKey = Buffer;

/** A 256-bit key from key material, separated by purpose (salt, info). */
export function deriveSecretKey(material: string, salt: string, info: string): SecretKey {
  return Buffer.from(hkdfSync('sha256', material, salt, info, 32));
}

export function sealSecret(key: SecretKey, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: 16 });
  cipher.setAAD(Buffer.from(context));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
}

/** The plaintext, or null when the value is malformed, tampered with, or from another key or context. */
export function openSecret(key: SecretKey, stored: string, context: string): string | null {
  const [version, iv, tag, ciphertext, ...rest] = stored.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined || rest.length > 0) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: 16 });
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** A short fingerprint of a secret, to tell values apart (never the secret itself). */
export function fingerprint(value: string | null): string {
  return value === null ? '-' : createHash('sha256').update(value).digest('base64url').slice(0, 16);
}
