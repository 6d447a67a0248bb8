/** Helpers for tests that need statute versions (not a test file itself). */
import type { Db } from '../../platform/db/client';
import { shippedCatalogue } from './law.data';
import { ensureStatute } from './law.service';

/**
 * Stores one shipped version by its 법령MST (current or history corpus: every version of 8 Acts),
 * as the corpus import stores it: a test imports exactly the versions it reads, in the order it wants.
 */
export async function storeShippedVersion(db: Db, lawSerialNumber: string): Promise<void> {
  const entry = shippedCatalogue().find((e) => e.lawSerialNumber === lawSerialNumber);
  if (!entry) throw new Error(`no shipped statute version ${lawSerialNumber}`);
  await ensureStatute(db, entry);
}
