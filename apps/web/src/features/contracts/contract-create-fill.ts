import { type ContractSuggestions } from '@legal/api';
import { useTranslation } from 'react-i18next';
import { type ContractCreateDraft, emptyCreateDraft } from './contract-create-draft';
import './contracts-i18n';

/** The draft fields "Fill from document" may set. */
export type FillableField =
  | 'title' | 'contractType' | 'language' | 'counterparties' | 'startDate' | 'endDate' | 'signedDate' | 'amount' | 'governingLaw' | 'disputeResolutionMethod';

/**
 * Fills only what is still empty in the create form from the analysis of its document: nothing the
 * user typed is overwritten. The language and the currency count as empty while they hold the
 * form's preset. The amount and its currency go together, and only when both are empty.
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
  // The currency box starts preset: it counts as empty while it still holds the preset.
  const isCurrencyOpen = !next.currency.trim() || next.currency === emptyCreateDraft().currency;
  if (s.amount && s.currency && !next.amount.trim() && isCurrencyOpen) {
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

/**
 * The notice after a fill, saying exactly what went in: the fields by name, and the
 * counterparties by name (a counterparty added is a filled field like any other).
 */
export function useFilledSummary(): (result: { draft: ContractCreateDraft; filled: FillableField[] }) => string {
  const { t } = useTranslation('contracts');
  return ({ draft, filled }) => {
    if (filled.length === 0) return t('analysis.filledNone');
    const names = filled.map((field) =>
      field === 'counterparties'
        ? t('analysis.filledCounterparties', { label: t('fields.counterparties'), count: draft.counterparties.length, names: draft.counterparties.map((c) => c.name).join(', ') })
        : t(`fields.${field}`),
    );
    return t('analysis.filled', { count: filled.length, fields: names.join(', ') });
  };
}
