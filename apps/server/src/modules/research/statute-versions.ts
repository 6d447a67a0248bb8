import { and, asc, desc, eq, lte } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { lawStatutes } from '../law';

// The version of a statute research answers from. The law module's findVersionInForce answers "in
// force on D" for the statute browser; research adds one rule (a question about today may use a
// version that takes effect later, when that is all that is stored), in a lookup and in SQL.

export interface StoredVersion {
  lawSerialNumber: string;
  lawId: string;
  title: string;
  kind: string;
  effectiveDate: string;
}

/**
 * The stored version of a statute in force on a date: the greatest 시행일자 on or before it (the
 * latest promulgated among versions taking effect the same day). For a question about today, a
 * statute whose only stored versions take effect later (the shipped current corpus holds the newest
 * promulgated text, e.g. 근로기준법 in force from 2027-01-01) answers its next version, which every
 * citation shows with its 시행일자; a question about a past date never gets a later version.
 */
export async function versionInForce(db: Db, lawId: string, date: string, today: string): Promise<StoredVersion | null> {
  const columns = { lawSerialNumber: lawStatutes.lawSerialNumber, lawId: lawStatutes.lawId, title: lawStatutes.title, kind: lawStatutes.kind, effectiveDate: lawStatutes.effectiveDate };
  const [row] = await db
    .select(columns)
    .from(lawStatutes)
    .where(and(eq(lawStatutes.lawId, lawId), lte(lawStatutes.effectiveDate, date)))
    .orderBy(desc(lawStatutes.effectiveDate), desc(lawStatutes.promulgationDate), desc(lawStatutes.lawSerialNumber))
    .limit(1);
  if (row || date < today) return row ?? null;
  const [next] = await db.select(columns).from(lawStatutes).where(eq(lawStatutes.lawId, lawId)).orderBy(asc(lawStatutes.effectiveDate), desc(lawStatutes.promulgationDate)).limit(1);
  return next ?? null;
}

/** The same rule in SQL (for the search): $date and $today are the statement's parameters given. */
export function inForceVersionsSql(date: string, today: string): string {
  return `select distinct on (s.law_id) s.law_serial_number, s.law_id from law_statutes s
       where s.effective_date <= ${date} or ${date} >= ${today}
       order by s.law_id, (s.effective_date <= ${date}) desc,
                case when s.effective_date <= ${date} then s.effective_date end desc nulls last,
                s.effective_date asc, s.promulgation_date desc, s.law_serial_number desc`;
}
