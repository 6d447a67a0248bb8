import type { Counterparty } from '@legal/api';
import { and, eq, inArray } from 'drizzle-orm';
import { inScope } from '../../platform/db/tenancy';
import type { RequestContext } from '../../platform/http/context';
import { notFound } from '../../platform/http/errors';
import type { AppServices } from '../../platform/services';
import { appendCounterparties, counterpartyColumns, type CounterpartyFields } from './contract-children.repo';
import { counterpartyDto } from './contract-dto';
import { throwIfAny } from './contract-inputs';
import * as repo from './contracts.repo';
import { contractContext, editContractChild, readableContract } from './contracts.service';
import { counterparties, counterpartyBookmarks } from './counterparties.table';

type Services = Pick<AppServices, 'db'>;

/** The counterparties of a contract one by one (7.6 children); the whole list is PUT counterparties/v1. */

export async function listCounterparties(services: Services, ctx: RequestContext, contractId: number): Promise<Counterparty[]> {
  const { scope, actor } = await contractContext(services, ctx);
  await readableContract(services.db, scope, actor, contractId);
  return (await repo.counterpartiesOf(services.db, scope, contractId)).map(counterpartyDto);
}

export async function addCounterparty(services: Services, ctx: RequestContext, contractId: number, body: CounterpartyFields): Promise<Counterparty> {
  return editContractChild(services, ctx, contractId, 'counterparties', async ({ tx, scope, audit }) => {
    const [row] = await appendCounterparties(tx, scope, contractId, [body]);
    await repo.refreshSearchText(tx, scope, contractId);
    await audit({ type: 'counterparty.added', data: { contractId, counterpartyId: row!.id, name: row!.name, bookmarkId: null } });
    return counterpartyDto(row!);
  });
}

export async function updateCounterparty(services: Services, ctx: RequestContext, contractId: number, counterpartyId: number, body: CounterpartyFields): Promise<Counterparty> {
  return editContractChild(services, ctx, contractId, 'counterparties', async ({ tx, scope, audit }) => {
    const own = and(inScope(counterparties, scope), eq(counterparties.contractId, contractId), eq(counterparties.id, counterpartyId));
    const [before] = await tx.select().from(counterparties).where(own);
    if (!before) throw notFound();
    const [row] = await tx.update(counterparties).set({ ...counterpartyColumns(body), updatedAt: new Date() }).where(own).returning();
    await repo.refreshSearchText(tx, scope, contractId);
    await audit({ type: 'counterparty.updated', data: { contractId, counterpartyId, before: counterpartyDto(before), after: counterpartyDto(row!) } });
    return counterpartyDto(row!);
  });
}

export async function deleteCounterparty(services: Services, ctx: RequestContext, contractId: number, counterpartyId: number): Promise<Counterparty> {
  return editContractChild(services, ctx, contractId, 'counterparties', async ({ tx, scope, audit }) => {
    const [row] = await tx
      .delete(counterparties)
      .where(and(inScope(counterparties, scope), eq(counterparties.contractId, contractId), eq(counterparties.id, counterpartyId)))
      .returning();
    if (!row) throw notFound();
    await repo.refreshSearchText(tx, scope, contractId);
    await audit({ type: 'counterparty.removed', data: { contractId, counterpartyId, name: row.name } });
    return counterpartyDto(row);
  });
}

/** Copies bookmarks of the workspace onto the contract, in the order given. */
export async function addCounterpartiesFromBookmarks(services: Services, ctx: RequestContext, contractId: number, bookmarkIds: number[]): Promise<Counterparty[]> {
  return editContractChild(services, ctx, contractId, 'counterparties', async ({ tx, scope, audit }) => {
    const marks = await tx
      .select()
      .from(counterpartyBookmarks)
      .where(and(inScope(counterpartyBookmarks, scope), inArray(counterpartyBookmarks.id, bookmarkIds)));
    const byId = new Map(marks.map((m) => [m.id, m]));
    throwIfAny(bookmarkIds.flatMap((id, i) => (byId.has(id) ? [] : [{ field: `body.bookmarkIds.${i}`, reason: 'no such counterparty bookmark' }])));
    const rows = await appendCounterparties(tx, scope, contractId, bookmarkIds.map((id) => byId.get(id)!));
    await repo.refreshSearchText(tx, scope, contractId);
    for (const [i, row] of rows.entries()) {
      await audit({ type: 'counterparty.added', data: { contractId, counterpartyId: row.id, name: row.name, bookmarkId: bookmarkIds[i]! } });
    }
    return rows.map(counterpartyDto);
  });
}
