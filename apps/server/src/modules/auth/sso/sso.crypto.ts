import type { Config } from '../../../config';
import { AppError } from '../../../platform/http/errors';
import { deriveSecretKey, fingerprint, openSecret, sealSecret, type SecretKey } from '../../../platform/secrets';

/**
 * The client secrets of the workspaces' OpenID Connect providers are stored encrypted with
 * AES-256-GCM under a key derived (HKDF-SHA256) from SSO_SECRET_KEY. The workspace scope is the
 * additional authenticated data: a ciphertext copied into another workspace's row does not
 * decrypt (platform/secrets.ts).
 */
const DEV_KEY_MATERIAL = 'legal-suite development SSO key (never used in production)';

export type SsoKey = SecretKey;

/** The encryption key, or null in production without SSO_SECRET_KEY (secrets cannot be stored or read). */
export function ssoKeyOf(config: Pick<Config, 'ssoSecretKey' | 'isProduction'>): SsoKey | null {
  const material = config.ssoSecretKey ?? (config.isProduction ? null : DEV_KEY_MATERIAL);
  if (material === null) return null;
  return deriveSecretKey(material, 'legal-suite/sso', 'client-secret/aes-256-gcm');
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

function aadOf(scope: { tenantId: number; workspaceId: number }): string {
  return `sso-config:${scope.tenantId}:${scope.workspaceId}`;
}

export function encryptSecret(key: SsoKey, plaintext: string, scope: { tenantId: number; workspaceId: number }): string {
  return sealSecret(key, plaintext, aadOf(scope));
}

/** The plaintext, or null when the value is malformed, tampered with, or from another key or scope. */
export function decryptSecret(key: SsoKey, stored: string, scope: { tenantId: number; workspaceId: number }): string | null {
  return openSecret(key, stored, aadOf(scope));
}

export { fingerprint };
