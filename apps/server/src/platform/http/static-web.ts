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

/**
 * Answers a GET or HEAD that no route matched with the SPA's index.html when it names a page of
 * the web app, whatever its Accept header: browsers, curl, uptime probes and load-balancer health
 * checks (any media type, or no Accept at all) all get the app at `/`. Anything else is left to the 404.
 */
export function spaFallback(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
  if (!isSpaPage(request)) return undefined;
  return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').sendFile('index.html');
}

/**
 * A page the SPA's router answers: not the API, not the development tools, and not a file (a
 * path under /assets/ or ending in an extension stays a 404 when missing, never index.html).
 */
export function isSpaPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const url = request.url.split('?')[0] ?? '';
  if (url === '/api' || url.startsWith('/api/') || url === '/dev' || url.startsWith('/dev/')) return false;
  if (url.startsWith('/assets/')) return false;
  return !/\.[a-z0-9]{1,8}$/i.test(url);
}
