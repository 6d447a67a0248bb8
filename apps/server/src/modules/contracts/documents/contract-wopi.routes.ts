import { wopiCheckFileInfo, wopiGetFile, wopiLockOperation, wopiPutFile } from '@legal/api';
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { route } from '../../../platform/http/route';
import type { AppServices } from '../../../platform/services';
import * as wopi from './contract-wopi.service';

const header = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

function numberHeader(value: string | string[] | undefined): number | undefined {
  const text = header(value);
  return text !== undefined && /^\d{1,15}$/.test(text.trim()) ? Number(text.trim()) : undefined;
}

/** Sends a WOPI refusal as the protocol wants it: the status and its headers, no envelope. */
async function answer(reply: FastifyReply, work: () => Promise<FastifyReply>): Promise<FastifyReply> {
  try {
    return await work();
  } catch (err) {
    const refusal = wopi.asWopiError(err);
    if (!refusal) throw err;
    return reply.code(refusal.status).headers(refusal.headers).header('cache-control', 'no-store').send();
  }
}

/**
 * One editor server calls for all of its users from one address, so the WOPI routes are limited
 * per editing session (access token), not per IP, at the app's general rate.
 */
function perSession(max: number) {
  const keyGenerator = (request: FastifyRequest) => {
    const token = (request.query as { access_token?: unknown } | undefined)?.access_token;
    return typeof token === 'string' && token !== '' ? `wopi:${createHash('sha256').update(token).digest('base64url')}` : `wopi-ip:${request.ip}`;
  };
  return { rateLimit: { max, timeWindow: '1 minute', keyGenerator } };
}

/**
 * The WOPI host (public: authenticated only by ?access_token=). In its own plugin so that PutFile
 * can take the document's bytes as they come, whatever Content-Type the editor sends.
 */
export function registerWopiRoutes(app: FastifyInstance, services: AppServices) {
  void app.register(async (host) => {
    host.removeAllContentTypeParsers();
    host.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    const limit = perSession(services.config.rateLimitPerMinute);

    route(
      host,
      wopiCheckFileInfo,
      ({ params, query, reply }) => answer(reply, async () => reply.header('cache-control', 'no-store').send(await wopi.checkFileInfo(services, params.fileId, query.access_token))),
      limit,
    );

    route(host, wopiGetFile, ({ params, query, request, reply }) =>
      answer(reply, async () => {
        const file = await wopi.getFile(services, params.fileId, query.access_token, numberHeader(request.headers['x-wopi-maxexpectedsize']));
        return reply
          .header('content-type', 'application/octet-stream')
          .header('content-length', file.revision.size)
          .header('x-wopi-itemversion', String(file.revision.revision))
          .header('cache-control', 'no-store')
          .send(await file.open());
      }),
      limit,
    );

    route(host, wopiLockOperation, ({ params, query, request, reply }) =>
      answer(reply, async () => {
        (request.body as NodeJS.ReadableStream | undefined)?.resume?.();
        const headers = await wopi.lockOperation(
          services,
          params.fileId,
          query.access_token,
          { override: header(request.headers['x-wopi-override']), lock: header(request.headers['x-wopi-lock']), oldLock: header(request.headers['x-wopi-oldlock']) },
          request.ctx,
        );
        return reply.headers(headers).header('cache-control', 'no-store').send();
      }),
      limit,
    );

    route(host, wopiPutFile, ({ params, query, request, reply }) =>
      answer(reply, async () => {
        const body = (request.body as AsyncIterable<Buffer> | undefined) ?? (async function* () {})();
        const saved = await wopi.putFile(
          services,
          params.fileId,
          query.access_token,
          { lock: header(request.headers['x-wopi-lock']), contentLength: numberHeader(request.headers['content-length']), body },
          request.ctx,
        );
        return reply.header('x-wopi-itemversion', saved.version).header('cache-control', 'no-store').send();
      }),
      limit,
    );
  });
}
