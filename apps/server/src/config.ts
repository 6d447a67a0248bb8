import fs from 'node:fs';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * Loopback origins trusted outside production: the app's own port under either spelling of
 * loopback, and the Vite dev server of `npm run dev` (port 5173), which proxies /api.
 */
function devOrigins(port: number): string[] {
  return [port, 5173].flatMap((p) => [`http://localhost:${p}`, `http://127.0.0.1:${p}`]);
}

const HOST_NAME = /^(\*\.)?(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i;

/** OUTBOUND_ALLOW_HOSTS: host names (`*.corp.example` for sub-domains), IP addresses and CIDRs. */
const allowList = z
  .string()
  .transform((value) => value.split(',').map((entry) => entry.trim()).filter(Boolean))
  .refine(
    (entries) => entries.every((e) => (e.includes('/') ? ipaddr.isValidCIDR(e) : ipaddr.isValid(e) || HOST_NAME.test(e))),
    'comma-separated host names, IP addresses or CIDRs (e.g. idp.corp.example,10.0.0.0/8)',
  );

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Legal Suite <no-reply@localhost>'),
    MAIL_ATTACHMENT_MAX_BYTES: z.coerce.number().int().min(0).max(50 * 1024 * 1024).default(10 * 1024 * 1024),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1024 * 1024),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
    HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(24 * 3600_000).default(600_000),
    HTTP_BODY_MIN_BYTES_PER_SECOND: z.coerce.number().int().min(0).default(1024),
    HTTP_BODY_RATE_WINDOW_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    TRUST_PROXY: bool.default(false),
    SEED_DEMO: bool.optional(),
    SEED_DEMO_CONTENT: bool.optional(),
    JOBS_ENABLED: bool.default(true),
    JOBS_MAINTENANCE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    WEB_DIST_DIR: z.string().optional(),
    /** An operator's statute folder (MANIFEST.csv + {법령명}/{file}, plain or .gz), imported by the law module's job. */
    LAW_DATA_DIR: z
      .string()
      .min(1)
      .refine((dir) => fs.existsSync(path.join(path.resolve(dir), 'MANIFEST.csv')), 'must be a folder holding MANIFEST.csv (docs/legal-research.md)')
      .optional(),
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    S3_BUCKET: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: bool.optional(),
    UPLOAD_MAX_BYTES: z.coerce.number().int().min(1024).default(50 * 1024 * 1024),
    WORKSPACE_STORAGE_QUOTA_BYTES: z.coerce.number().int().min(0).default(10 * 1024 * 1024 * 1024),
    FILE_RETENTION_DAYS: z.coerce.number().min(0).max(3650).default(30),
    UPLOAD_INTENT_TTL_SECONDS: z.coerce.number().int().min(60).max(7 * 24 * 3600).default(3600),
    FILES_PENDING_ATTACHMENT_TTL_SECONDS: z.coerce.number().int().min(60).max(30 * 24 * 3600).default(24 * 3600),
    FILES_OCR: bool.default(true),
    WORKSPACE_DELETION_GRACE_DAYS: z.coerce.number().min(0).max(365).default(30),
    SSO_SECRET_KEY: z.string().min(32, 'at least 32 characters').optional(),
    WORD_EDITOR_URL: z.url({ protocol: /^https?$/ }).optional(),
    WORD_EDITOR_SECRET: z.string().min(32, 'at least 32 characters').optional(),
    OUTBOUND_ALLOW_HOSTS: allowList.default([]),
    AI_PROVIDER: z.enum(['BUILT_IN', 'OPENAI_COMPATIBLE', 'ANTHROPIC']).default('BUILT_IN'),
    AI_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
    AI_API_KEY: z.string().min(1).optional(),
    AI_CHAT_MODEL: z.string().min(1).max(200).optional(),
    AI_EMBEDDING_MODEL: z.string().min(1).max(200).optional(),
    AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
    AI_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
    AI_REVIEW_ENGINE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
    AI_STARTER_CREDITS: z.coerce.number().int().min(0).max(10_000_000).default(1000),
    AI_SECRET_KEY: z.string().min(32, 'at least 32 characters').optional(),
    LAW_OPEN_API_OC: z.string().regex(/^[A-Za-z0-9._@-]{1,100}$/, 'the OC value the Open API issued (letters, digits, . _ @ -)').optional(),
    LAW_OPEN_API_URL: z.url({ protocol: /^https?$/ }).default('https://www.law.go.kr/DRF'),
    ESIGN_SECRET_KEY: z.string().min(32).optional(),
    SMS_URL: z.url({ protocol: /^https?$/ }).optional(),
    SMS_TOKEN: z.string().min(1).max(500).optional(),
    EASY_AUTH_URL: z.url({ protocol: /^https?$/ }).optional(),
    EASY_AUTH_CLIENT_ID: z.string().min(1).max(200).optional(),
    EASY_AUTH_CLIENT_SECRET: z.string().min(1).max(500).optional(),
    ESIGN_TEST_PAUSE_FINALIZE_MS: z.coerce.number().int().min(0).max(600_000).optional(),
    WORKFLOW_TEST_PAUSE_ACTION_MS: z.coerce.number().int().min(0).max(600_000).optional(),
    LAW_OPEN_API_SYNC_DAYS: z.coerce.number().int().min(1).max(36500).default(365),
    RESEARCH_VECTOR_SEARCH: z.enum(['exact', 'pgvector']).default('exact'),
  })
  .refine((env) => env.STORAGE_DRIVER !== 's3' || env.S3_BUCKET, { path: ['S3_BUCKET'], message: 'required when STORAGE_DRIVER=s3' })
  .refine((env) => env.AI_PROVIDER !== 'ANTHROPIC' || (env.AI_API_KEY && env.AI_CHAT_MODEL), {
    path: ['AI_PROVIDER'],
    message: 'ANTHROPIC needs AI_API_KEY and AI_CHAT_MODEL',
  })
  .refine((env) => env.AI_PROVIDER !== 'OPENAI_COMPATIBLE' || env.AI_CHAT_MODEL || env.AI_EMBEDDING_MODEL, {
    path: ['AI_PROVIDER'],
    message: 'OPENAI_COMPATIBLE needs AI_CHAT_MODEL and/or AI_EMBEDDING_MODEL (and AI_BASE_URL unless it is https://api.openai.com/v1)',
  })
  .refine((env) => env.HTTP_HEADERS_TIMEOUT_MS <= env.HTTP_REQUEST_TIMEOUT_MS, { path: ['HTTP_HEADERS_TIMEOUT_MS'], message: 'must not exceed HTTP_REQUEST_TIMEOUT_MS' })
  .transform((env) => {
    const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
    const isProduction = env.NODE_ENV === 'production';
    return {
      nodeEnv: env.NODE_ENV,
      isProduction,
      host: env.HOST,
      port: env.PORT,
      publicUrl,
      /** Origins allowed on state-changing browser requests: PUBLIC_URL, and the Vite dev server outside production. */
      trustedOrigins: [...new Set([new URL(publicUrl).origin, ...(isProduction ? [] : devOrigins(env.PORT))])],
      /** Session cookies are `Secure` when users reach the app over https. */
      isSecureCookies: publicUrl.startsWith('https://'),
      dataDir: path.resolve(env.DATA_DIR),
      databaseUrl: env.DATABASE_URL,
      databasePoolMax: env.DATABASE_POOL_MAX,
      smtpUrl: env.SMTP_URL,
      mailFrom: env.MAIL_FROM,
      /** A message's attachments together; past it they are left out and the mail says so (its link stays). */
      mailAttachmentMaxBytes: env.MAIL_ATTACHMENT_MAX_BYTES,
      logLevel: env.LOG_LEVEL,
      bodyLimitBytes: env.BODY_LIMIT_BYTES,
      rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
      /** How long a client may take to send a request (platform/http/request-timeouts.ts). */
      http: {
        headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_MS,
        requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS,
        bodyMinBytesPerSecond: env.HTTP_BODY_MIN_BYTES_PER_SECOND,
        bodyRateWindowMs: env.HTTP_BODY_RATE_WINDOW_MS,
      },
      trustProxy: env.TRUST_PROXY,
      /** Demo data is never seeded in production, whatever SEED_DEMO says. */
      seedDemo: !isProduction && (env.SEED_DEMO ?? true),
      /**
       * Demo content (contracts with their documents) on top of the demo accounts: with the demo
       * accounts, except in tests, whose apps start by the hundred and build their own data.
       */
      seedDemoContent: !isProduction && (env.SEED_DEMO ?? true) && (env.SEED_DEMO_CONTENT ?? env.NODE_ENV !== 'test'),
      jobsEnabled: env.JOBS_ENABLED,
      jobsMaintenanceIntervalSeconds: env.JOBS_MAINTENANCE_INTERVAL_SECONDS,
      shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
      webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : undefined,
      /** Statutes the operator adds to the shipped corpus (imported after it, same format). */
      lawDataDir: env.LAW_DATA_DIR ? path.resolve(env.LAW_DATA_DIR) : undefined,
      storage: {
        driver: env.STORAGE_DRIVER,
        localRoot: path.join(path.resolve(env.DATA_DIR), 'files'),
        s3: env.S3_BUCKET
          ? {
              bucket: env.S3_BUCKET,
              region: env.S3_REGION,
              endpoint: env.S3_ENDPOINT,
              accessKeyId: env.S3_ACCESS_KEY_ID,
              secretAccessKey: env.S3_SECRET_ACCESS_KEY,
              forcePathStyle: env.S3_FORCE_PATH_STYLE,
            }
          : undefined,
      },
      files: {
        uploadMaxBytes: env.UPLOAD_MAX_BYTES,
        defaultQuotaBytes: env.WORKSPACE_STORAGE_QUOTA_BYTES,
        retentionMs: env.FILE_RETENTION_DAYS * 24 * 3600 * 1000,
        intentTtlMs: env.UPLOAD_INTENT_TTL_SECONDS * 1000,
        pendingAttachmentTtlMs: env.FILES_PENDING_ATTACHMENT_TTL_SECONDS * 1000,
        isOcrEnabled: env.FILES_OCR,
      },
      /** Days between a super admin approving a workspace deletion and the purge of its data. */
      workspaceDeletionGraceDays: env.WORKSPACE_DELETION_GRACE_DAYS,
      /** Key material for the SSO client secrets; unset outside production: a fixed development key. */
      ssoSecretKey: env.SSO_SECRET_KEY,
      /** The online Word editor (a WOPI client); unset: no online editing. The secret signs its access tokens (a fixed development key outside production). */
      wordEditor: { actionUrl: env.WORD_EDITOR_URL, secret: env.WORD_EDITOR_SECRET },
      /** Calls made on a user's behalf (platform/http/outbound.ts): internal hosts the operator allows. */
      outbound: { allowHosts: env.OUTBOUND_ALLOW_HOSTS },
      /** The environment's AI provider (platform/ai/create-provider.ts); a super admin may override it per workspace. The key is never logged. */
      ai: {
        driver: env.AI_PROVIDER,
        baseUrl: env.AI_BASE_URL?.replace(/\/+$/, '') ?? null,
        apiKey: env.AI_API_KEY ?? null,
        chatModel: env.AI_CHAT_MODEL ?? null,
        embeddingModel: env.AI_EMBEDDING_MODEL ?? null,
        timeoutMs: env.AI_TIMEOUT_MS,
        maxRetries: env.AI_MAX_RETRIES,
        /** How long the built-in review engine's thread may work on one request (ai-review/engine/engine-off-thread.ts). */
        reviewEngineTimeoutMs: env.AI_REVIEW_ENGINE_TIMEOUT_MS,
        /** Credits a workspace's ledger opens with (docs/ai-credits.md). */
        starterCredits: env.AI_STARTER_CREDITS,
        /** Key material for the workspaces' sealed provider keys (a fixed development key outside production). */
        secretKey: env.AI_SECRET_KEY,
      },
      /** The National Law Information Center's Open API (modules/legal-sources); unset OC: no precedents, rules or ordinances. */
      /**
       * How research finds the passages nearest a question's vector (modules/research/vector-search.ts):
       * an exact scan of a copy in memory, or pgvector's distance in the database where the extension
       * is installed (exact too, without an index: measured ~20x slower here, but no copy per process).
       */
      researchVectorSearch: env.RESEARCH_VECTOR_SEARCH,
      lawOpenApi: { oc: env.LAW_OPEN_API_OC ?? null, baseUrl: env.LAW_OPEN_API_URL.replace(/\/+$/, ''), syncDays: env.LAW_OPEN_API_SYNC_DAYS },
      /** E-sign (docs/esign.md): the sealed signing keys, the SMS gateway and the easy-auth broker. */
      esign: {
        /** Key material sealing each workspace's signing key (a fixed development key outside production). */
        secretKey: env.ESIGN_SECRET_KEY ?? null,
        sms: env.SMS_URL ? { url: env.SMS_URL, token: env.SMS_TOKEN ?? null } : null,
        easyAuth: env.EASY_AUTH_URL && env.EASY_AUTH_CLIENT_ID && env.EASY_AUTH_CLIENT_SECRET ? { url: env.EASY_AUTH_URL.replace(/\/+$/, ''), clientId: env.EASY_AUTH_CLIENT_ID, clientSecret: env.EASY_AUTH_CLIENT_SECRET } : null,
        /** Tests only (NODE_ENV=test): the finalize job waits this long inside the assembly (the kill -9 test). */
        testPauseFinalizeMs: env.NODE_ENV === 'test' ? (env.ESIGN_TEST_PAUSE_FINALIZE_MS ?? 0) : 0,
      },
      /** The workflow hub (docs/workflows.md). */
      workflows: {
        /** Tests only (NODE_ENV=test): an action waits this long inside its transaction, everything written, before the commit (the kill -9 test). */
        testPauseActionMs: env.NODE_ENV === 'test' ? (env.WORKFLOW_TEST_PAUSE_ACTION_MS ?? 0) : 0,
      },
    };
  });

export type Config = z.output<typeof EnvSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once at boot; names every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const relevant = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = EnvSchema.safeParse(relevant);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`),
    );
  }
  if (result.data.isProduction && !relevant.PUBLIC_URL) {
    throw new ConfigError(['PUBLIC_URL: must be set in production (the https address users reach)']);
  }
  return result.data;
}

/** Every variable, its default and what it does: rendered into the README table by docs checks. */
export const CONFIG_DOCS: Array<{ name: string; default: string; description: string }> = [
  { name: 'NODE_ENV', default: 'development', description: 'production turns off demo data, the dev mailbox and dev login' },
  { name: 'HOST', default: '0.0.0.0', description: 'address the HTTP server listens on' },
  { name: 'PORT', default: '3000', description: 'HTTP port (web app at /, API at /api)' },
  { name: 'PUBLIC_URL', default: 'http://localhost:$PORT', description: 'address users reach; used in mail links and the Origin check; required in production' },
  { name: 'DATA_DIR', default: './data', description: 'embedded database (PGlite) and local file storage live here' },
  { name: 'DATABASE_URL', default: '(unset: embedded PGlite)', description: 'postgres:// URL of a real PostgreSQL server' },
  { name: 'DATABASE_POOL_MAX', default: '10', description: 'node-postgres pool size' },
  { name: 'SMTP_URL', default: '(unset: outbox + /dev/mailbox)', description: 'smtp:// or smtps:// URL (with credentials) to send real mail' },
  { name: 'MAIL_FROM', default: 'Legal Suite <no-reply@localhost>', description: 'sender address of outgoing mail' },
  { name: 'MAIL_ATTACHMENT_MAX_BYTES', default: '10485760 (10 MiB)', description: "the most a message's attachments may weigh together (at most 50 MiB); a larger file is not attached and the mail says so, its link stays" },
  { name: 'LOG_LEVEL', default: 'info', description: 'pino level: fatal, error, warn, info, debug, trace, silent' },
  { name: 'BODY_LIMIT_BYTES', default: '1048576', description: 'largest JSON body accepted (413 past it)' },
  { name: 'RATE_LIMIT_PER_MINUTE', default: '600', description: 'requests per minute per client IP before 429 ERROR_RATE_LIMITED' },
  { name: 'TRUST_PROXY', default: 'false', description: 'trust X-Forwarded-* from a load balancer' },
  { name: 'HTTP_HEADERS_TIMEOUT_MS', default: '30000', description: 'a request whose headers take longer answers 408 ERROR_REQUEST_TIMEOUT and its connection closes' },
  { name: 'HTTP_REQUEST_TIMEOUT_MS', default: '600000', description: 'ceiling on receiving one whole request, body included (408); long enough for a 50 MB upload at about 85 KB/s' },
  { name: 'HTTP_BODY_MIN_BYTES_PER_SECOND', default: '1024', description: 'a request body slower than this over a window answers 408 and its connection closes (0: off)' },
  { name: 'HTTP_BODY_RATE_WINDOW_MS', default: '10000', description: 'the window over which the body rate is measured' },
  { name: 'SEED_DEMO', default: 'true outside production', description: 'seed the demo tenants and users at start-up (never in production)' },
  { name: 'SEED_DEMO_CONTENT', default: 'as SEED_DEMO, false when NODE_ENV=test', description: 'also seed the demo contracts with their documents (their text extracted by the job queue in the background)' },
  { name: 'JOBS_ENABLED', default: 'true', description: 'run the background job workers in this process' },
  { name: 'JOBS_MAINTENANCE_INTERVAL_SECONDS', default: '60', description: 'how often expired jobs are failed and retried' },
  { name: 'SHUTDOWN_TIMEOUT_MS', default: '10000', description: 'graceful shutdown budget on SIGTERM/SIGINT' },
  { name: 'WEB_DIST_DIR', default: 'apps/web/dist', description: 'built web app to serve at /' },
  { name: 'LAW_DATA_DIR', default: '(unset: the shipped statutes only)', description: 'a statute folder (MANIFEST.csv + {법령명}/{file}, Markdown plain or .gz) imported after the shipped corpus at start-up; see docs/legal-research.md' },
  { name: 'STORAGE_DRIVER', default: 'local', description: 'where file bytes live: local (under $DATA_DIR/files) or s3' },
  { name: 'S3_BUCKET', default: '(unset)', description: 'bucket of the s3 driver (required with STORAGE_DRIVER=s3)' },
  { name: 'S3_REGION', default: 'us-east-1', description: 'region of the s3 driver' },
  { name: 'S3_ENDPOINT', default: '(unset: AWS)', description: 'URL of an S3-compatible service (MinIO, Ceph, R2...)' },
  { name: 'S3_ACCESS_KEY_ID', default: '(unset: default AWS credential chain)', description: 'access key of the s3 driver' },
  { name: 'S3_SECRET_ACCESS_KEY', default: '(unset)', description: 'secret key of the s3 driver' },
  { name: 'S3_FORCE_PATH_STYLE', default: 'true with S3_ENDPOINT', description: 'path-style bucket addressing' },
  { name: 'UPLOAD_MAX_BYTES', default: '52428800', description: 'largest uploaded file (413 ERROR_FILE_TOO_LARGE past it)' },
  { name: 'WORKSPACE_STORAGE_QUOTA_BYTES', default: '10737418240', description: 'default storage quota of a workspace (400 ERROR_EXCEEDED_STORAGE_LIMIT past it)' },
  { name: 'FILE_RETENTION_DAYS', default: '30', description: 'days a deleted file stays restorable before its bytes and rows are purged' },
  { name: 'UPLOAD_INTENT_TTL_SECONDS', default: '3600', description: 'after this, bytes of an upload that never completed are swept' },
  { name: 'FILES_PENDING_ATTACHMENT_TTL_SECONDS', default: '86400', description: 'files uploaded for a record still being written (a contract create form) and never attached are deleted, their storage freed, after this' },
  { name: 'FILES_OCR', default: 'true', description: 'OCR scanned pages and images during text extraction' },
  { name: 'WORKSPACE_DELETION_GRACE_DAYS', default: '30', description: 'days between the approval of a workspace deletion request and the purge of its data and files' },
  { name: 'SSO_SECRET_KEY', default: '(unset: a fixed development key; required in production to store SSO client secrets)', description: 'at least 32 random characters; encrypts the client secrets of the workspaces\' single sign-on (AES-256-GCM)' },
  { name: 'WORD_EDITOR_URL', default: '(unset: no online Word editing)', description: 'action URL of a WOPI client for editing .docx (Collabora Online, Office Online Server, from its /hosting/discovery); WOPISrc is appended' },
  { name: 'AI_STARTER_CREDITS', default: '1000', description: 'credits granted to a workspace when its AI credit ledger opens (first AI use or first look at its credits); prices in docs/ai-credits.md' },
  { name: 'AI_SECRET_KEY', default: '(unset: a fixed development key; required in production to store workspace AI provider keys)', description: 'at least 32 random characters; encrypts the API keys super admins set per workspace (AES-256-GCM)' },
  { name: 'OUTBOUND_ALLOW_HOSTS', default: '(unset: public addresses only)', description: 'comma-separated host names (*.corp.example for sub-domains), IP addresses and CIDRs the server may call on a user\'s behalf although they are private (a self-hosted IdP or model server); every other loopback, private, link-local (cloud metadata) or reserved address is refused' },
  { name: 'AI_PROVIDER', default: 'BUILT_IN', description: 'AI driver: BUILT_IN (no network: rules, retrieval and lexical embeddings only; free-text generation answers 503), OPENAI_COMPATIBLE (OpenAI, Azure OpenAI, vLLM, Ollama, LM Studio...) or ANTHROPIC (Messages API)' },
  { name: 'AI_BASE_URL', default: '(unset: https://api.openai.com/v1 or https://api.anthropic.com)', description: 'base URL of the provider, e.g. http://localhost:11434/v1 for Ollama (a private address must also be in OUTBOUND_ALLOW_HOSTS)' },
  { name: 'AI_API_KEY', default: '(unset)', description: 'the provider\'s API key (Bearer for OpenAI-compatible, x-api-key for Anthropic); required for ANTHROPIC; never logged nor answered by an API' },
  { name: 'AI_CHAT_MODEL', default: '(unset)', description: 'chat model for generation and structured output, e.g. gpt-4.1-mini or claude-sonnet-4-5' },
  { name: 'AI_EMBEDDING_MODEL', default: '(unset: built-in lexical vectors where a feature allows)', description: 'embedding model of an OPENAI_COMPATIBLE provider (Anthropic has no embeddings endpoint)' },
  { name: 'AI_TIMEOUT_MS', default: '60000', description: 'per attempt timeout of a provider call (504 ERROR_AI_PROVIDER_TIMEOUT past it)' },
  { name: 'AI_REVIEW_ENGINE_TIMEOUT_MS', default: '60000', description: 'the built-in review engine (on its worker thread) is stopped past this for one document (a workspace checkpoint whose pattern backtracks without end); the review is FAILED with ENGINE_TIMEOUT and its credits refunded' },
  { name: 'AI_MAX_RETRIES', default: '2', description: 'retries after the first attempt on 429, 5xx and connection failures, with exponential back-off honouring Retry-After' },
  { name: 'LAW_OPEN_API_OC', default: '(unset: no precedents, administrative rules or local ordinances)', description: 'the OC value of the National Law Information Center Open API (open.law.go.kr): precedents sync daily, rules and ordinances are read on demand' },
  { name: 'ESIGN_SECRET_KEY', default: '(unset: a fixed development key; required in production to sign PDFs)', description: 'at least 32 random characters; seals each workspace\'s e-sign signing key (AES-256-GCM)' },
  { name: 'SMS_URL', default: '(unset: SMS codes go to the development mailbox outside production)', description: 'the SMS gateway of e-sign codes: JSON POST {to, text} (docs/esign.md)' },
  { name: 'SMS_TOKEN', default: '(unset)', description: 'bearer token sent to SMS_URL' },
  { name: 'EASY_AUTH_URL', default: '(unset: easy-auth is not offered)', description: 'the easy-auth broker (Korean simple authentication) of e-sign signers (docs/esign.md)' },
  { name: 'EASY_AUTH_CLIENT_ID', default: '(unset)', description: 'client id at EASY_AUTH_URL' },
  { name: 'EASY_AUTH_CLIENT_SECRET', default: '(unset)', description: 'client secret at EASY_AUTH_URL' },
  { name: 'ESIGN_TEST_PAUSE_FINALIZE_MS', default: '(unset)', description: 'tests only (NODE_ENV=test): the e-sign finalize job pauses this long inside the PDF assembly' },
  { name: 'WORKFLOW_TEST_PAUSE_ACTION_MS', default: '(unset)', description: 'tests only (NODE_ENV=test): a workflow action pauses this long inside its transaction, after its writes and before the commit' },
  { name: 'LAW_OPEN_API_URL', default: 'https://www.law.go.kr/DRF', description: 'base of the Open API (lawSearch.do, lawService.do); a private address must also be in OUTBOUND_ALLOW_HOSTS' },
  { name: 'LAW_OPEN_API_SYNC_DAYS', default: '365', description: 'the first precedent sync reads decisions of this many past days; later syncs continue from the last one' },
  { name: 'RESEARCH_VECTOR_SEARCH', default: 'exact', description: 'with an embedding model, how research finds the nearest passages: exact (a scan of each model\'s vectors kept in memory, ~100 MB per 16k wordings of 1536 dimensions) or pgvector (the database computes the distances where the extension is installed, else exact; slower per question, no copy per process); see docs/legal-research.md' },
  { name: 'WORD_EDITOR_SECRET', default: '(unset: a fixed development key; required in production for online Word editing)', description: 'at least 32 random characters; signs the Word editor\'s access tokens (HMAC-SHA256)' },
];
