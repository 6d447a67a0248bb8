import { describe, expect, it } from 'vitest';
import { ListContractActivitiesQuerySchema } from './contract-activity';
import { AnalyzeContractBodySchema, CLAUSE_LABEL_CATALOGUE, CLAUSE_LABELS } from './contract-analysis';
import { CompleteContractBodySchema, CopyContractBodySchema } from './contract-completions';

const paths = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[] }> } }) => result.error?.issues.map((i) => i.path.join('.')) ?? [];

describe('contract analysis, completion and activity schemas', () => {
  it('names every clause label in Korean and English, once', () => {
    expect(CLAUSE_LABEL_CATALOGUE.map((l) => l.code)).toEqual([...CLAUSE_LABELS]);
    for (const l of CLAUSE_LABEL_CATALOGUE) expect(l.name.ko && l.name.en).toBeTruthy();
  });

  it('takes a file key, an optional revision and contract id', () => {
    expect(AnalyzeContractBodySchema.parse({ fileKey: 'A'.repeat(22), contractId: '7' })).toEqual({ fileKey: 'A'.repeat(22), contractId: 7 });
    expect(paths(AnalyzeContractBodySchema.safeParse({ fileKey: 'short', revision: 0 }))).toEqual(['fileKey', 'revision']);
  });

  it('completes with a real date and a SIGNED or ACTIVE target (SIGNED by default)', () => {
    expect(CompleteContractBodySchema.parse({ signedDate: '2026-01-05' })).toEqual({ signedDate: '2026-01-05', status: 'SIGNED' });
    expect(paths(CompleteContractBodySchema.safeParse({ signedDate: '2026-02-30', status: 'EXPIRED', signingType: 'FAX' }))).toEqual(['signedDate', 'signingType', 'status']);
  });

  it('copies with an empty or absent body, files off by default', () => {
    expect(CopyContractBodySchema.parse(undefined)).toEqual({ copyFiles: false });
    expect(CopyContractBodySchema.parse({ title: '  새 이름 ', copyFiles: true })).toEqual({ title: '새 이름', copyFiles: true });
    expect(paths(CopyContractBodySchema.safeParse({ title: '' }))).toEqual(['title']);
  });

  it('pages the activity by 20, at most 100', () => {
    expect(ListContractActivitiesQuerySchema.parse({})).toMatchObject({ page: 0, size: 20 });
    expect(paths(ListContractActivitiesQuerySchema.safeParse({ size: '101' }))).toEqual(['size']);
  });
});
