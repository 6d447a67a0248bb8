import type { PgTable } from 'drizzle-orm/pg-core';
import { auditEvents } from '../audit/audit.table';
import { mailOutbox } from '../mail/mail.table';
import { notifications } from '../notifications/notifications.table';

const isTable = (value: unknown): value is PgTable => typeof value === 'object' && value !== null && Symbol.for('drizzle:IsDrizzleTable') in value;

/** Every Drizzle table of the application: the platform's own and those the modules' manifests list. */
export function allTables(modules: ReadonlyArray<{ tables?: Readonly<Record<string, unknown>> }>): PgTable[] {
  const values = [auditEvents, mailOutbox, notifications, ...modules.flatMap((m) => Object.values(m.tables ?? {}))];
  return [...new Set(values.filter(isTable))];
}
