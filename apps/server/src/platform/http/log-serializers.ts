import type { FastifyRequest } from 'fastify';
import { pino } from 'pino';

/**
 * Query parameters whose values are credentials, by name (case-insensitive): link tokens mailed to
 * people (invitations, password resets), the WOPI `access_token`, OAuth/OIDC `code`, `state` and
 * tokens, API keys, signatures of signed URLs (S3 presigned included), passwords, secrets and
 * one-time codes. Any name ending in token, secret, password or signature counts too (`inviteToken`).
 */
const SECRET_PARAM_NAMES = new Set([
  'token', 'access_token', 'refresh_token', 'id_token', 'code', 'state', 'session_state', 'ticket',
  'key', 'api_key', 'apikey', 'signature', 'sig', 'password', 'passwd', 'pwd', 'secret', 'client_secret',
  'otp', 'x-amz-credential', 'x-amz-signature', 'x-amz-security-token',
]);
const SECRET_PARAM_SUFFIX = /(token|secret|password|signature)$/i;

/**
 * Paths whose segments carry a credential: the personal iCal feed (`/reminders/ical/{token}/v1`:
 * the token is all that guards it).
 */
const SECRET_PATH_SEGMENTS: RegExp[] = [/(\/api\/conhub\/reminders\/ical\/)[^/?#\s"']+/g];

const QUERY_PARAM = /([?&])([^=&#\s"']+)=([^&#\s"']*)/g;
const REDACTED = '[redacted]';

function isSecretParam(rawName: string): boolean {
  let name = rawName;
  try {
    name = decodeURIComponent(rawName);
  } catch {
    // a malformed escape: judge the raw name
  }
  name = name.toLowerCase();
  return SECRET_PARAM_NAMES.has(name) || SECRET_PARAM_SUFFIX.test(name);
}

/**
 * Text fit for the log: credential query values and credential path segments replaced by
 * `[redacted]`, wherever a URL sits in it (a request line, an error message naming a URL).
 */
export function redactUrl(text: string): string {
  let out = text.replace(QUERY_PARAM, (match, sep: string, name: string) => (isSecretParam(name) ? `${sep}${name}=${REDACTED}` : match));
  for (const pattern of SECRET_PATH_SEGMENTS) out = out.replace(pattern, `$1${REDACTED}`);
  return out;
}

/**
 * The logger's serializers, the one place secrets are kept out of logs. Fastify merges a logger
 * instance's own serializers over its defaults, so the request line of every request goes through
 * `req` here: same fields as Fastify's, with the URL redacted. Errors keep pino's fields with
 * their message and stack redacted the same way (an outbound call's error can name its URL).
 */
export const LOG_SERIALIZERS = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
  err(error: Error) {
    const serialized = pino.stdSerializers.err(error);
    if (!serialized || typeof serialized !== 'object') return serialized;
    if (typeof serialized.message === 'string') serialized.message = redactUrl(serialized.message);
    if (typeof serialized.stack === 'string') serialized.stack = redactUrl(serialized.stack);
    return serialized;
  },
};
