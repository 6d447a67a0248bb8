import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import type { Config } from '../../../config';
import { AppError } from '../../../platform/http/errors';

/**
 * The client secrets of the workspaces' OpenID Connect providers are stored encrypted with
 * AES-256-GCM under a key derived (HKDF-SHA256) from SSO_SECRET_KEY. The workspace scope is the
 * additional authenticated data: a ciphertext copied into another workspace's row does not
 * decrypt. Stored form: `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
const VERSION = 'v1';
const DEV_KEY_MATERIAL = 'legal-suite development SSO key (never used in production)';

export type SsoKey = Buffer;

/** The encryption key, or null in production without SSO_SECRET_KEY (secrets cannot be stored or read). */
export function ssoKeyOf(config: Pick<Config, 'ssoSecretKey' | 'isProduction'>): SsoKey | null {
  const material = config.ssoSecretKey ?? (config.isProduction ? null : DEV_KEY_MATERIAL);
  if (material === null) return null;
  return Buffer.from(hkdfSync('sha256', material, 'legal-suite/sso', 'client-secret/aes-256-gcm', 32));
}

/** The key, or 503 naming the missing setting (production without SSO_SECRET_KEY). */
export function requireSsoKey(config: Pick<Config, 'ssoSecretKey' | 'isProduction'>): SsoKey {
  const key = ssoKeyOf(config);
  if (!key) {
    throw new AppError('ERROR_SERVICE_UNAVAILABLE', {
      message: { ko: 'SSO 비밀 키(SSO_SECRET_KEY)가 설정되지 않았습니다.', en: 'The SSO secret key (SSO_SECRET_KEY) is not configured.' },
      data: { reason: 'SSO_SECRET_KEY_MISSING' },
    });
  }
  return key;
}

function aadOf(scope: { tenantId: number; workspaceId: number }): Buffer {
  return Buffer.from(`sso-config:${scope.tenantId}:${scope.workspaceId}`);
}

export function encryptSecret(key: SsoKey, plaintext: string, scope: { tenantId: number; workspaceId: number }): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: 16 });
  cipher.setAAD(aadOf(scope));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
}

/** The plaintext, or null when the value is malformed, tampered with, or from another key or scope. */
export function decryptSecret(key: SsoKey, stored: string, scope: { tenantId: number; workspaceId: number }): string | null {
  const [version, iv, tag, ciphertext, ...rest] = stored.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined || rest.length > 0) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: 16 });
    decipher.setAAD(aadOf(scope));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** A short fingerprint of a secret, for cache keys (never the secret itself). */
export function fingerprint(value: string | null): string {
  return value === null ? '-' : createHash('sha256').update(value).digest('base64url').slice(0, 16);
}
