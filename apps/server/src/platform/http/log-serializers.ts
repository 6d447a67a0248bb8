import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are secrets (links mailed to people: invitations, password resets). */
const SECRET_PARAMS = /([?&](?:token|code|state)=)[^&#]*/gi;

/** A request URL fit for the log: secret query values replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

/**
 * The logger's serializers. Fastify merges a logger instance's own serializers over its defaults,
 * so the request line of every request goes through `req` here: same fields as Fastify's, with
 * the URL redacted (the SPA pages `/invitations/accept?token=` and `/reset-password?token=`, the
 * SSO callback's `code` and `state`).
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
};
