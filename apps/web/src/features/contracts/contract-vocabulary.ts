import {
  CONTRACT_FILE_ROLE_CATALOGUE, CONTRACT_LANGUAGE_CATALOGUE, CONTRACT_STATUS_CATALOGUE, CONTRACT_TYPE_CATALOGUE, COUNTERPARTY_TYPE_CATALOGUE,
  DISPUTE_RESOLUTION_CATALOGUE, type Locale, type Named, OUR_POSITION_CATALOGUE, REFERENCE_TYPE_CATALOGUE, REMINDER_KIND_CATALOGUE, SIGNING_TYPE_CATALOGUE,
} from '@legal/api';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toLocale } from '../../lib/i18n';

/**
 * The closed vocabularies of contracts with their ko/en names, from the shared catalogues of
 * @legal/api (the same ones GET contracts/meta answers), so no label is written twice.
 */
const CATALOGUES = {
  status: CONTRACT_STATUS_CATALOGUE,
  contractType: CONTRACT_TYPE_CATALOGUE,
  language: CONTRACT_LANGUAGE_CATALOGUE,
  signingType: SIGNING_TYPE_CATALOGUE,
  disputeResolution: DISPUTE_RESOLUTION_CATALOGUE,
  ourPosition: OUR_POSITION_CATALOGUE,
  counterpartyType: COUNTERPARTY_TYPE_CATALOGUE,
  fileRole: CONTRACT_FILE_ROLE_CATALOGUE,
  referenceType: REFERENCE_TYPE_CATALOGUE,
  reminderKind: REMINDER_KIND_CATALOGUE,
} as const satisfies Record<string, ReadonlyArray<Named<string>>>;

export type Vocabulary = keyof typeof CATALOGUES;
export type VocabularyCode<V extends Vocabulary> = (typeof CATALOGUES)[V][number]['code'];

export interface VocabularyLabels {
  locale: Locale;
  /** The name of a code in the interface language; the code itself when unknown (a newer server). */
  label: (vocabulary: Vocabulary, code: string | null | undefined) => string;
  /** Select/MultiSelect options of a vocabulary. */
  options: <V extends Vocabulary>(vocabulary: V) => Array<{ value: VocabularyCode<V>; label: string }>;
}

export function labelOf(vocabulary: Vocabulary, code: string | null | undefined, locale: Locale): string {
  if (!code) return '';
  const entries: ReadonlyArray<Named<string>> = CATALOGUES[vocabulary];
  return entries.find((entry) => entry.code === code)?.name[locale] ?? code;
}

/** The vocabularies bound to the interface language (re-renders when it changes). */
export function useVocabulary(): VocabularyLabels {
  const { i18n } = useTranslation();
  const locale = toLocale(i18n.resolvedLanguage) ?? 'ko';
  return useMemo(
    () => ({
      locale,
      label: (vocabulary, code) => labelOf(vocabulary, code, locale),
      options: <V extends Vocabulary>(vocabulary: V) =>
        (CATALOGUES[vocabulary] as ReadonlyArray<Named<VocabularyCode<V>>>).map((entry) => ({ value: entry.code, label: entry.name[locale] })),
    }),
    [locale],
  );
}
