import { deriveSecretKey, openSecret, sealSecret, type SecretKey } from '../../platform/secrets';
import type { AppServices } from '../../platform/services';
import { AppError } from '../../platform/http/errors';

const DEV_KEY_MATERIAL = 'legal-suite development e-sign key (never used in production)';

/** The key sealing link tokens and signing identities (ESIGN_SECRET_KEY; a fixed development key outside production). */
export function esignKey(config: AppServices['config']): SecretKey {
  const material = config.esign.secretKey ?? (config.isProduction ? null : DEV_KEY_MATERIAL);
  if (material === null) throw new AppError('ERROR_SERVICE_UNAVAILABLE', { data: { reason: 'ESIGN_SECRET_KEY_UNSET' } });
  return deriveSecretKey(material, 'legal-suite/esign', 'esign-secrets/aes-256-gcm');
}

export const sealWith = (config: AppServices['config'], plaintext: string, context: string) => sealSecret(esignKey(config), plaintext, context);
export const openWith = (config: AppServices['config'], sealed: string, context: string) => openSecret(esignKey(config), sealed, context);
