import { type ContractSuggestions } from '@legal/api';
import { type ContractCreateDraft, emptyCreateDraft } from './contract-create-draft';

/** The draft fields "Fill from document" may set. */
export type FillableField =
  | 'title' | 'contractType' | 'language' | 'counterparties' | 'startDate' | 'endDate' | 'signedDate' | 'amount' | 'governingLaw' | 'disputeResolutionMethod';

/**
 * Fills only what is still empty in the create form from the analysis of its document: nothing the
 * user typed is overwritten. The language counts as empty while it is the form's default. The
 * amount and its currency go together, and only when both are empty.
 */
export function fillEmptyFields(draft: ContractCreateDraft, s: ContractSuggestions): { draft: ContractCreateDraft; filled: FillableField[] } {
  const next = { ...draft };
  const filled: FillableField[] = [];
  const text = (field: 'title' | 'startDate' | 'endDate' | 'signedDate' | 'governingLaw', value: string | null) => {
    if (value && !next[field].trim()) {
      next[field] = value;
      filled.push(field);
    }
  };
  text('title', s.title);
  if (s.contractType && !next.contractType) {
    next.contractType = s.contractType;
    filled.push('contractType');
  }
  if (s.language && next.language === emptyCreateDraft().language && s.language !== next.language) {
    next.language = s.language;
    filled.push('language');
  }
  if (s.counterparties.length > 0 && next.counterparties.length === 0) {
    next.counterparties = s.counterparties.map(({ role: _role, ...c }) => ({ ...c, contacts: [] }));
    filled.push('counterparties');
  }
  text('startDate', s.startDate);
  text('endDate', s.endDate);
  text('signedDate', s.signedDate);
  if (s.amount && s.currency && !next.amount.trim() && !next.currency.trim()) {
    next.amount = s.amount;
    next.currency = s.currency;
    filled.push('amount');
  }
  text('governingLaw', s.governingLaw);
  if (s.disputeResolutionMethod && !next.disputeResolutionMethod) {
    next.disputeResolutionMethod = s.disputeResolutionMethod;
    filled.push('disputeResolutionMethod');
  }
  return { draft: next, filled };
}
