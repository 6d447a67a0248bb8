import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The built web app: WEB_DIST_DIR, or apps/web/dist found from this file (src/ or dist/). */
export function findWebDist(configured: string | undefined): string | null {
  if (configured) return fs.existsSync(path.join(configured, 'index.html')) ? configured : null;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'apps', 'web', 'dist');
    if (fs.existsSync(path.join(candidate, 'index.html'))) return candidate;
    const sibling = path.join(dir, 'web', 'dist');
    if (fs.existsSync(path.join(sibling, 'index.html'))) return sibling;
    dir = path.dirname(dir);
  }
  return null;
}

/** Serves the SPA at / with long-lived caching for hashed assets. */
export async function serveWeb(app: FastifyInstance, root: string) {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    setHeaders(reply, filePath) {
      reply.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
}

/** Answers a browser navigation with the SPA's index.html; anything else is left to the 404. */
export function spaFallback(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
  if (!isSpaNavigation(request)) return undefined;
  return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').sendFile('index.html');
}

/** A browser navigation that the SPA's router should answer (not an API or asset request). */
export function isSpaNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const url = request.url.split('?')[0] ?? '';
  if (url.startsWith('/api/') || url === '/api' || url.startsWith('/dev/')) return false;
  if (/\.[a-z0-9]{1,8}$/i.test(url)) return false;
  return (request.headers.accept ?? '').includes('text/html');
}
