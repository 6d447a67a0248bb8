import { EASY_AUTH_PROVIDERS, type EasyAuthProviderSchema } from '@legal/api';
import { z } from 'zod';
import { AppError } from '../../../platform/http/errors';
import type { AppServices } from '../../../platform/services';

type Provider = z.infer<typeof EasyAuthProviderSchema>;

/**
 * Korean simple authentication (KAKAO, NAVER, PASS, TOSS) through a broker (docs/esign.md):
 * `request` asks the broker to push an authentication to the person's app, `verify` checks the
 * result token the broker's callback carried and answers who authenticated.
 */
export interface EasyAuthDriver {
  readonly providers: readonly Provider[];
  request(input: { provider: Provider; name: string; phone: string; callbackUrl: string }): Promise<{ requestId: string; expiresAt: Date }>;
  verify(resultToken: string): Promise<{ requestId: string; name: string; phone: string }>;
}

const RequestAnswer = z.object({ requestId: z.string().min(1).max(200), expiresAt: z.iso.datetime({ offset: true }) });
const VerifyAnswer = z.object({ requestId: z.string().min(1).max(200), name: z.string().min(1).max(200), phone: z.string().min(4).max(40) });

const unavailable = (reason: string, cause?: unknown) => new AppError('ERROR_SERVICE_UNAVAILABLE', { data: { reason }, cause });

/**
 * The HTTP broker driver: `POST {EASY_AUTH_URL}/requests` {provider, name, phone, callbackUrl} ->
 * {requestId, expiresAt}; `POST {EASY_AUTH_URL}/results/verify` {resultToken} -> {requestId, name,
 * phone} (4xx: not verified); both with HTTP Basic client id and secret. `providers` is fixed by
 * configuration (every provider the broker offers).
 */
export function easyAuthDriverOf(config: AppServices['config'], services: Pick<AppServices, 'outbound'>): EasyAuthDriver | null {
  const conf = config.esign.easyAuth;
  if (!conf) return null;
  const auth = `Basic ${Buffer.from(`${conf.clientId}:${conf.clientSecret}`).toString('base64')}`;
  const post = async (path: string, body: unknown) => {
    const response = await services.outbound
      .fetch(`${conf.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: auth }, body: JSON.stringify(body) })
      .catch((err: unknown) => {
        throw unavailable('EASY_AUTH_UNREACHABLE', err);
      });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    return { status: response.status, json };
  };
  return {
    providers: EASY_AUTH_PROVIDERS,
    async request(input) {
      const answer = await post('/requests', input);
      const parsed = RequestAnswer.safeParse(answer.json);
      if (answer.status >= 300 || !parsed.success) throw unavailable('EASY_AUTH_REFUSED');
      return { requestId: parsed.data.requestId, expiresAt: new Date(parsed.data.expiresAt) };
    },
    async verify(resultToken) {
      const answer = await post('/results/verify', { resultToken });
      if (answer.status >= 400 && answer.status < 500) throw new AppError('ERROR_OTP_INVALID', { data: { reason: 'EASY_AUTH_NOT_VERIFIED' } });
      const parsed = VerifyAnswer.safeParse(answer.json);
      if (answer.status >= 300 || !parsed.success) throw unavailable('EASY_AUTH_REFUSED');
      return parsed.data;
    },
  };
}
