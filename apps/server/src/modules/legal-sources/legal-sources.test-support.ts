/** Helpers for tests that need stored precedents, rules and ordinances (as the sync and on-demand reads store them). Not a test file itself. */
import type { Db } from '../../platform/db/client';
import type { DrfAdminRule, DrfPrecedent } from './drf-client';
import { storePrecedent } from './legal-sources.service';
import { lawAdminRules } from './legal-sources.table';

export async function storeTestPrecedent(db: Db, precedent: Pick<DrfPrecedent, 'precedentId' | 'caseNumber' | 'caseName' | 'courtName' | 'decisionDate'> & Partial<DrfPrecedent>): Promise<void> {
  await storePrecedent(db, { caseType: null, judgmentType: null, holdings: null, summary: null, referencedArticles: null, referencedCases: null, text: null, ...precedent });
}

export async function storeTestAdminRule(db: Db, rule: Pick<DrfAdminRule, 'serialNumber' | 'name' | 'articles'> & Partial<DrfAdminRule>): Promise<void> {
  const row = { ruleId: null, kind: null, agency: null, agencyCode: null, issuedDate: null, issueNumber: null, effectiveDate: null, ...rule, fetchedAt: new Date() };
  await db.insert(lawAdminRules).values(row).onConflictDoUpdate({ target: lawAdminRules.serialNumber, set: row });
}
