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
  })
  .refine((env) => env.STORAGE_DRIVER !== 's3' || env.S3_BUCKET, { path: ['S3_BUCKET'], message: 'required when STORAGE_DRIVER=s3' })
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
  { name: 'OUTBOUND_ALLOW_HOSTS', default: '(unset: public addresses only)', description: 'comma-separated host names (*.corp.example for sub-domains), IP addresses and CIDRs the server may call on a user\'s behalf although they are private (a self-hosted IdP or model server); every other loopback, private, link-local (cloud metadata) or reserved address is refused' },
  { name: 'WORD_EDITOR_SECRET', default: '(unset: a fixed development key; required in production for online Word editing)', description: 'at least 32 random characters; signs the Word editor\'s access tokens (HMAC-SHA256)' },
];
