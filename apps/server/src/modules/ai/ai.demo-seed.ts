import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { Database } from '../../platform/db/client';
import { workspaces } from '../auth';
import { creditBalance } from './credits.service';
import { ensureDefaultPrompts } from './prompts.service';

/** Demo: every workspace's credit ledger opened with its starter grant, and the shipped prompts. */
export async function seedAiDemo(database: Database, config: Config, logger: Logger): Promise<void> {
  await ensureDefaultPrompts(database.db);
  const rows = await database.db.select({ tenantId: workspaces.tenantId, workspaceId: workspaces.id }).from(workspaces);
  for (const scope of rows) await creditBalance(database.db, scope, config.ai.starterCredits);
  logger.debug({ workspaces: rows.length }, 'AI demo credits opened');
}
