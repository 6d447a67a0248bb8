import {
  type ContractColumn, ContractColumnSchema, type ContractUserConfig, DEFAULT_CONTRACT_COLUMNS, SavedContractFilterSchema,
  type UpdateContractUserConfigBodySchema,
} from '@legal/api';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { inScope } from '../../platform/db/tenancy';
import type { RequestContext, TenantScope } from '../../platform/http/context';
import { conflict } from '../../platform/http/errors';
import type { AppServices } from '../../platform/services';
import type { Executor } from './contracts.repo';
import { contractContext } from './contracts.service';
import { userContractConfigs } from './user-configs.table';

/**
 * What a member keeps of the contract list (7.3 user-config/v1): columns and saved filters,
 * validated on the way in, read back leniently on the way out (what a later catalogue no longer
 * knows is dropped, never a 500), with an optimistic version for two tabs saving at once.
 */

type Services = Pick<AppServices, 'db'>;
type Row = typeof userContractConfigs.$inferSelect;

const own = (scope: TenantScope, userId: number) => and(inScope(userContractConfigs, scope), eq(userContractConfigs.userId, userId));

async function configRow(db: Executor, scope: TenantScope, userId: number, options: { forUpdate?: boolean } = {}): Promise<Row | null> {
  const query = db.select().from(userContractConfigs).where(own(scope, userId)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

function configOf(row: Row | null): ContractUserConfig {
  const stored = row?.config ?? {};
  const columns = (Array.isArray(stored.columns) ? stored.columns : []).flatMap((c) => {
    const parsed = ContractColumnSchema.safeParse(c);
    return parsed.success ? [parsed.data] : [];
  });
  const savedFilters = (Array.isArray(stored.savedFilters) ? stored.savedFilters : []).flatMap((f) => {
    const parsed = SavedContractFilterSchema.safeParse(f);
    return parsed.success ? [parsed.data] : [];
  });
  const defaultFilterName = typeof stored.defaultFilterName === 'string' && savedFilters.some((f) => f.name === stored.defaultFilterName) ? stored.defaultFilterName : null;
  return {
    columns: columns.length > 0 ? [...new Set(columns)] : [...DEFAULT_CONTRACT_COLUMNS],
    savedFilters,
    defaultFilterName,
    version: row?.version ?? 0,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** The columns of a member's list and Excel export. */
export async function userColumns(db: Executor, scope: TenantScope, userId: number): Promise<ContractColumn[]> {
  return configOf(await configRow(db, scope, userId)).columns;
}

export async function getUserConfig(services: Services, ctx: RequestContext): Promise<ContractUserConfig> {
  const { scope, actor } = await contractContext(services, ctx);
  return configOf(await configRow(services.db, scope, actor.userId));
}

export async function updateUserConfig(services: Services, ctx: RequestContext, body: z.output<typeof UpdateContractUserConfigBodySchema>): Promise<ContractUserConfig> {
  const { scope, actor } = await contractContext(services, ctx);
  const { version, ...config } = body;
  return services.db.transaction(async (tx) => {
    const row = await configRow(tx, scope, actor.userId, { forUpdate: true });
    const current = row?.version ?? 0;
    if (version !== undefined && version !== current) {
      throw conflict({ ko: '다른 창에서 먼저 저장했습니다. 새로 불러온 뒤 다시 저장해 주세요.', en: 'This was saved elsewhere in the meantime. Reload it and save again.' }, { currentVersion: current });
    }
    const now = new Date();
    const [saved] = await tx
      .insert(userContractConfigs)
      .values({ ...scope, userId: actor.userId, config, version: 1, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [userContractConfigs.tenantId, userContractConfigs.workspaceId, userContractConfigs.userId],
        set: { config, version: sql`${userContractConfigs.version} + 1`, updatedAt: now },
      })
      .returning();
    return configOf(saved!);
  });
}
