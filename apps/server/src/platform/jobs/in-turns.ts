import type { Database } from '../db/client';

/** A unit shorter than this still lets requests have the database this long after it. */
const MIN_TURN_MS = 20;
/** A long unit (a big document) does not keep the job waiting longer than this. */
const MAX_TURN_MS = 1000;

/**
 * How a job goes through many items without stalling the requests of the embedded database:
 * each item is one short unit of work (its own transaction, or a few statements), and between two
 * items the job gives the database and the event loop back (`Database.yieldToRequests`). On PGlite
 * a job that ran all its items in one transaction, or back to back without a break, would hold
 * the single connection and the event loop for the whole run (issue 13 item 11: 37 s for a status
 * request during a 1,000-row bulk registration).
 *
 * While others want the database the job takes turns with them: after a unit of u ms it waits
 * until nobody else is using the database, but at most u ms (within 20 ms..1 s), so it keeps about
 * half of a busy database and all of an idle one.
 *
 * A unit must be complete on its own: a crash between two units leaves every item either done or
 * untouched, and the job's next run picks up the rest.
 */
export async function eachInTurn<T>(
  database: Pick<Database, 'yieldToRequests'>,
  items: Iterable<T> | AsyncIterable<T>,
  unit: (item: T) => Promise<void>,
): Promise<number> {
  let done = 0;
  let lastUnitMs = 0;
  for await (const item of items) {
    if (done > 0) await database.yieldToRequests(Math.min(MAX_TURN_MS, Math.max(MIN_TURN_MS, lastUnitMs)));
    const started = performance.now();
    await unit(item);
    lastUnitMs = performance.now() - started;
    done++;
  }
  return done;
}

/** For a caller that is not a job (a test, a script, a first use inside a request): units back to back. */
export const NO_TURNS: Pick<Database, 'yieldToRequests'> = { yieldToRequests: async () => undefined };
