import { type ContractSuggestions } from '@legal/api';
import { describe, expect, it } from 'vitest';
import { emptyCreateDraft } from './contract-create-draft';
import { fillEmptyFields } from './contract-create-fill';

const suggestions: ContractSuggestions = {
  title: '소프트웨어 개발 용역계약서', contractType: 'SERVICE', language: 'en',
  counterparties: [{ counterpartyType: 'COMPANY', name: '주식회사 새솔테크', businessRegistrationNumber: '220-81-12345', representative: '이서연', address: null, role: '을' }],
  startDate: '2025-03-01', endDate: '2025-12-31', signedDate: '2025-02-20', amount: '100000000', currency: 'KRW', vat: 'EXCLUDED', governingLaw: '대한민국 법',
  disputeResolutionMethod: 'LITIGATION',
};

describe('fill from document', () => {
  it('fills every empty field of a fresh form', () => {
    const { draft, filled } = fillEmptyFields(emptyCreateDraft(), suggestions);
    expect(draft).toMatchObject({
      title: '소프트웨어 개발 용역계약서', contractType: 'SERVICE', language: 'en', startDate: '2025-03-01', endDate: '2025-12-31', signedDate: '2025-02-20',
      amount: '100000000', currency: 'KRW', governingLaw: '대한민국 법', disputeResolutionMethod: 'LITIGATION',
    });
    expect(draft.counterparties).toEqual([{ counterpartyType: 'COMPANY', name: '주식회사 새솔테크', businessRegistrationNumber: '220-81-12345', representative: '이서연', address: null, contacts: [] }]);
    expect(filled).toHaveLength(10);
  });

  it('never overwrites what the user typed; the amount only goes in with its currency', () => {
    const typed = { ...emptyCreateDraft(), title: '내가 정한 이름', contractType: 'NDA' as const, language: 'ja' as const, endDate: '2026-01-01', currency: 'USD' };
    const { draft, filled } = fillEmptyFields(typed, suggestions);
    expect(draft).toMatchObject({ title: '내가 정한 이름', contractType: 'NDA', language: 'ja', endDate: '2026-01-01', amount: '', currency: 'USD', startDate: '2025-03-01' });
    expect(filled).not.toContain('title');
    expect(filled).not.toContain('amount');
    expect(fillEmptyFields(draft, { ...suggestions, title: null, counterparties: [] }).filled).toEqual([]);
  });
});
