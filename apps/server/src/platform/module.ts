import type { ProductType } from '@legal/api';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { AttachmentRegistry } from './attachments';
import type { Database } from './db/client';
import type { AnyJob } from './jobs/jobs';
import type { NotificationRecordRegistry } from './notifications/notifications';
import type { UnifiedSearchSource } from './search/unified-search';
import type { AppServices } from './services';

/**
 * All that the rest of the application needs to know of one server module. Each module exports
 * exactly one from its `index.ts`; `src/modules.ts` lists them, and is the only file that names
 * every module. The platform reads manifests and never imports a module.
 */
export interface ModuleManifest {
  /** The module's folder name under `modules/`. */
  name: string;
  /**
   * The product the module's routes belong to, or null for platform and identity modules. Every
   * route the module registers must declare the same product (checked at start-up); a workspace
   * without it answers 403 ERROR_PRODUCT_NOT_AVAILABLE.
   */
  product: ProductType | null;
  /** Request hooks it installs before any route is registered (the identity module's authentication). */
  hooks?(app: FastifyInstance, services: AppServices): void;
  /** Registers the module's routes (through `route()`). */
  routes(app: FastifyInstance, services: AppServices): void;
  /** Its background jobs. */
  jobs?: ReadonlyArray<AnyJob<AppServices>>;
  /** Queues its recurring work once the job workers run. */
  schedule?(services: AppServices): Promise<void>;
  /**
   * The Drizzle tables it owns (its `*.table.ts` exports). drizzle-kit reads every `*.table.ts`
   * file; the workspace export and purge walk these, and the schema test checks their tenancy.
   */
  tables?: Readonly<Record<string, unknown>>;
  /**
   * Registers who may read (and change) the files attached to its records (platform/attachments.ts):
   * an attached file is exactly as visible as its record on every files route.
   */
  attachments?(registry: AttachmentRegistry): void;
  /**
   * Registers who may read the records of the module that notifications point at
   * (platform/notifications): a notification is exactly as visible as its record. The attachment
   * rules are given for records as visible as a file (an AI review of an uploaded file).
   */
  notificationRecords?(registry: NotificationRecordRegistry, rules: { attachments: AttachmentRegistry }): void;
  /** The domains it contributes to the unified search. */
  searchSources?: readonly UnifiedSearchSource[];
  /**
   * Writes its demo data at start-up outside production (SEED_DEMO), in list order, before the
   * job queue exists: the accounts and the organisation every later seed and test builds on.
   */
  seed?(database: Database, config: Config, logger: Logger): Promise<void>;
  /**
   * Writes its demo content (SEED_DEMO_CONTENT) once the job queues run, in the background (the
   * server does not wait for it to listen), in list order and after every `seed`: data written
   * through the module's own services (files stored in storage, text extraction queued as jobs),
   * so it looks exactly as if users had made it. Idempotent; leave slow work to the jobs; stop
   * between records once `signal` is aborted (shutdown).
   */
  seedContent?(services: AppServices, signal: AbortSignal): Promise<void>;
  /** Releases what it holds beyond the database (worker threads, clients) at shutdown. */
  shutdown?(services: AppServices): Promise<void>;
}

/** Declares a module's manifest (a typed identity, for readable module files). */
export function defineModule(manifest: ModuleManifest): ModuleManifest {
  return manifest;
}
