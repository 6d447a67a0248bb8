import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { HEADER } from '@legal/api';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { buildContext, requestIdFor } from './platform/http/context';
import { AppError } from './platform/http/errors';
import { installErrorHandling, sendError } from './platform/http/error-handler';
import { trackApiRequests } from './platform/http/event-stream';
import { installJsonParser } from './platform/http/json-parser';
import { registerModuleRoutes } from './platform/http/route';
import { installBodyRateLimit, timeoutOptions } from './platform/http/request-timeouts';
import { serializerCompiler } from './platform/http/serializer';
import { findWebDist, serveWeb, spaFallback } from './platform/http/static-web';
import { VERSION, type AppServices } from './platform/services';

/** URL prefix of the spec -> the modules that serve it (STYLE.md: codenames are prefixes only). */
export const SERVICE_MODULES: Record<string, string[]> = {
  auth: ['auth'],
  workspace: ['admin', 'ai (credits)', 'diagnostics (super-admin client errors, mail check)', 'notifications'],
  arxive: ['files', 'legal-sources (precedents)'],
  alex: ['contracts'],
  conhub: ['contracts', 'workflows', 'standard-forms (contracts/by-standard-form, contracts/by-file, documents/by-file)'],
  btls: ['standard-forms'],
  aireview: ['ai-review', 'ai (workspace AI configs and services)', 'diagnostics (hello)'],
  aistudio: ['research', 'statute-alerts', 'law (statutes)', 'legal-sources (administrative rules, local ordinances)', 'ai (prompts, LLM dashboard)', 'diagnostics (hello)'],
  litigation: ['litigation', 'consulting'],
  esign: ['esign'],
  seal: ['seals'],
};

export interface BuildAppOptions {
  /** Serve the built web app at / (off in API tests). */
  serveWeb?: boolean;
}

export async function buildApp(services: AppServices, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const { config } = services;
  const app = Fastify({
    loggerInstance: services.logger as FastifyBaseLogger,
    genReqId: (req) => requestIdFor(req.headers[HEADER.requestId]),
    requestIdHeader: false,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors: (error, request, reply) => {
      sendError(error, request, reply);
    },
    ...timeoutOptions(config),
  });
  installBodyRateLimit(app, config);

  // Validation happens in route() so that params, query and body errors are listed together.
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  app.setSerializerCompiler(serializerCompiler);
  const webRoot = options.serveWeb === false ? null : findWebDist(config.webDistDir);
  installErrorHandling(app, webRoot ? spaFallback : undefined);
  installJsonParser(app);

  app.addHook('onRequest', (request, reply, done) => {
    reply.header(HEADER.requestId, request.id);
    try {
      buildContext(request);
      done();
    } catch (err) {
      done(err as Error);
    }
  });

  // While shutting down, answers still in flight close their keep-alive connection, so that
  // close() does not wait for clients to hang up.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  // Security headers from helmet, built once: @fastify/helmet built the middleware (and parsed
  // the CSP) again on every request.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'", 'https:'],
        fontSrc: ["'self'", 'data:', 'https:'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        // The online Word editor is opened by posting its access token to the editor (WOPI).
        formAction: ["'self'", ...(config.wordEditor.actionUrl ? [new URL(config.wordEditor.actionUrl).origin] : [])],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    strictTransportSecurity: config.isProduction,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)));
  trackApiRequests(app, services.database);
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { files: 20, fields: 100, fieldSize: 1024 * 1024 } });
  await app.register(fastifyRateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    // The API is limited; the web app's static files (many per page load) are not.
    allowList: (request) => !request.url.startsWith('/api/'),
    errorResponseBuilder: () => new AppError('ERROR_RATE_LIMITED'),
  });

  // After the cookie parser and the rate limiter: the modules' request hooks (the identity
  // module's Origin check, then the session -> ctx.principal).
  for (const module of services.modules) module.hooks?.(app, services);

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Legal Suite API',
        version: VERSION,
        description:
          'Every route of the product. Success: {code:"SUCCESS", message:null, data}. Errors: {code:"ERROR_...", message, data?, errorId?}. ' +
          'Headers: X-Tenant, X-Workspace (numeric, 0 = none), X-Locale (ko | en).',
      },
      servers: [{ url: config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  for (const module of services.modules) registerModuleRoutes(app, services, module);

  if (webRoot) {
    await serveWeb(app, webRoot);
  } else if (options.serveWeb !== false) {
    services.logger.warn('web app not built (apps/web/dist missing): serving the API only');
  }

  return app;
}
