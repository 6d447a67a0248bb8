import type { AnalysisEngine, AnalyzedClause, ContractSuggestions } from '@legal/api';
import { splitClauses } from './contract-analysis.clauses';
import {
  detectLanguage, type Evidence, findAmount, findDates, findDisputeResolution, findGoverningLaw, findPeriod, findSignedDate, findTitle,
  findVat, type Found, guessContractType,
} from './contract-analysis.fields';
import { findCounterparties } from './contract-analysis.parties';

/**
 * The analysis engine seam: text in, suggested fields, their evidence and labelled clauses out.
 * BUILT_IN is the deterministic rule engine of embedded defaults; an LLM-backed engine implements
 * the same interface (with its own engine code) and the service picks it when one is configured.
 */
export interface ContractAnalyzer {
  readonly engine: AnalysisEngine;
  analyze(text: string): Promise<AnalyzerResult>;
}

export interface AnalyzerResult {
  suggestions: ContractSuggestions;
  evidence: Evidence[];
  clauses: AnalyzedClause[];
}

/** The rule-based analysis of one text (pure and synchronous; the analyzer wraps it). */
export function analyzeText(text: string): AnalyzerResult {
  const clauses = splitClauses(text);
  const bodyStart = clauses[0]?.startOffset ?? 0;
  const bodyEnd = clauses.at(-1)?.endOffset ?? 0;
  const evidence: Evidence[] = [];
  const note = <T>(field: Evidence['field'], found: Found<T> | null): T | null => {
    if (found === null) return null;
    if (found.start >= 0 && found.end > found.start) evidence.push({ field, text: text.slice(found.start, found.end), startOffset: found.start, endOffset: found.end });
    return found.value;
  };

  const title = note('title', findTitle(text, bodyStart));
  const dates = findDates(text);
  const period = findPeriod(text, dates);
  const signed = findSignedDate(text, dates, bodyEnd, period);
  const amount = note('amount', findAmount(text, clauses));
  const amountAt = evidence.find((e) => e.field === 'amount')?.startOffset ?? null;
  const counterparties = findCounterparties(text, bodyStart, bodyEnd).map((found) => note('counterparties', found)!);
  // "shall commence on the date hereof": the period starts on the signing date.
  const hereof = period.start === null && signed !== null ? /\b(?:commenc\w*|effective|start\w*)\s+(?:on|as\s+of|from)\s+the\s+date\s+hereof\b/i.exec(text) : null;
  const startDate = hereof && signed ? note('startDate', { value: signed.value, start: hereof.index, end: hereof.index + hereof[0].length }) : note('startDate', period.start);
  // The period's end may be worked out from its length (1년간): only a written date is evidence.
  const endDate = period.end ? (period.end.start === period.start?.start ? period.end.value : note('endDate', period.end)) : null;
  if (period.end && period.end.start === period.start?.start) {
    evidence.push({ field: 'endDate', text: text.slice(period.start.start, period.end.end), startOffset: period.start.start, endOffset: period.end.end });
  }
  return {
    suggestions: {
      title,
      contractType: note('contractType', guessContractType(title, text)),
      language: detectLanguage(text),
      counterparties,
      startDate,
      endDate,
      signedDate: note('signedDate', signed),
      amount: amount?.amount ?? null,
      currency: amount?.currency ?? null,
      vat: amount ? findVat(text, amountAt) : null,
      governingLaw: note('governingLaw', findGoverningLaw(text, clauses)),
      disputeResolutionMethod: note('disputeResolutionMethod', findDisputeResolution(text, clauses)),
    },
    evidence: evidence.sort((a, b) => a.startOffset - b.startOffset),
    clauses,
  };
}

export const builtInAnalyzer: ContractAnalyzer = {
  engine: 'BUILT_IN',
  analyze: (text) => Promise.resolve(analyzeText(text)),
};
