import type { CheckpointRule, PlaybookCheckpoint } from '../playbook/playbook.types';

/**
 * A tiny playbook of this folder's own for testing the evaluation pipeline (not the starter
 * playbook, which the evaluation measures): `npm run eval:review -- --playbook <this file>`.
 */
function checkpoint(code: string, contractType: PlaybookCheckpoint['contractType'], protects: PlaybookCheckpoint['protects'], rule: CheckpointRule): PlaybookCheckpoint {
  const t = { ko: code, en: code };
  return {
    code, contractType, label: rule.labels[0] ?? 'OTHER', protects, risk: 'HIGH', question: t, metWhen: t, rationale: t, standardClause: t,
    examples: { ko: [], en: [] }, legalBasis: [], rule,
  };
}

export const FIXTURE_PLAYBOOK: PlaybookCheckpoint[] = [
  checkpoint('SERVICE.PAYMENT_DUE_DAYS', 'SERVICE', 'PARTY_B', {
    kind: 'threshold', labels: ['PAYMENT'], unit: 'DAYS', max: 60, missing: 'UNCLEAR',
    patterns: { ko: ['(\\d+)\\s*일\\s*이내'], en: ['(\\d+)\\s*days\\s+from'] },
  }),
  checkpoint('NDA.NO_PERPETUAL_OBLIGATION', 'NDA', 'PARTY_B', {
    kind: 'absent', labels: [],
    patterns: { ko: ['영구히|기간의\\s*제한\\s*없이\\s*(?:영구|존속)'], en: ['\\[x\\]\\s*In perpetuity'] },
  }),
  checkpoint('EMPLOYMENT.WORKING_HOURS', 'EMPLOYMENT', 'PARTY_B', {
    kind: 'threshold', labels: [], unit: 'DAYS', max: 40, missing: 'UNCLEAR',
    patterns: { ko: ['1주\\s*(\\d+)\\s*시간'], en: ['(\\d+)\\s*hours\\s*(?:per|a)\\s*week'] },
  }),
];

export default FIXTURE_PLAYBOOK;
