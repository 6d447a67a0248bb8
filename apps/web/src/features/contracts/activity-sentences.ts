import { type ContractActivity, type Locale } from '@legal/api';
import { type TFunction } from 'i18next';
import { labelOf, type Vocabulary } from './contract-vocabulary';

/**
 * The sentence of one activity ("김민준 님이 계약명을 변경했습니다"), and the lines under it
 * ("계약명: 공급 계약 → 공급 계약 (개정)"), from the server's summary. Korean particles follow the
 * last syllable of the word before them (계약명을, 메모를; 체결 완료로, 이행 중으로).
 */

type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * The translation function with keys built at run time (from event types and field names the
 * server sends); every key used here exists in the contracts namespace or has a defaultValue.
 */
export function runtimeKeys(t: TFunction<'contracts'>): T {
  return t as unknown as T;
}

const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;
// Read aloud, these digits end in a consonant: 0 영, 1 일, 3 삼, 6 육, 7 칠, 8 팔.
const DIGIT_BATCHIM: Record<string, number> = { '0': 21, '1': 8, '3': 16, '6': 1, '7': 8, '8': 8, '2': 0, '4': 0, '5': 0, '9': 0 };

/** The final consonant (jongseong index, 0 = none) of the last sound of a word; null when unknown (Latin letters). */
export function finalConsonant(word: string): number | null {
  const last = word.trim().replace(/["'’”)\]]+$/, '').slice(-1);
  if (!last) return null;
  const code = last.charCodeAt(0);
  if (code >= HANGUL_FIRST && code <= HANGUL_LAST) return (code - HANGUL_FIRST) % 28;
  return last in DIGIT_BATCHIM ? DIGIT_BATCHIM[last]! : null;
}

/** 을/를 after a word; "을(를)" when the word's sound is unknown. */
export function objectParticle(word: string): string {
  const batchim = finalConsonant(word);
  if (batchim === null) return '을(를)';
  return batchim === 0 ? '를' : '을';
}

/** 으로/로 after a word (ㄹ takes 로); "(으)로" when unknown. */
export function directionParticle(word: string): string {
  const batchim = finalConsonant(word);
  if (batchim === null) return '(으)로';
  return batchim === 0 || batchim === 8 ? '로' : '으로';
}

/** Fields whose values are codes of a vocabulary, shown by name. */
const VOCABULARY_OF_FIELD: Record<string, Vocabulary> = {
  contractType: 'contractType', language: 'language', signingType: 'signingType', disputeResolutionMethod: 'disputeResolution', ourPosition: 'ourPosition',
};

export function activitySentence(a: ContractActivity, t: T, locale: Locale): string {
  // "홍길동 님" for a person, "시스템" for the system: both take 이/의 in the Korean sentences.
  const actor = a.actor ? t('activity.person', { name: a.actor.displayName ?? t('activity.unknownPerson') }) : t('activity.system');
  const s = a.summary;
  const status = (code: string | null) => labelOf('status', code, locale);
  const key = a.type.replace(/\./g, '_');
  switch (a.type) {
    case 'contract.updated': {
      if (s.fields.length === 0) return t('activity.sentences.contract_edited', { actor });
      const fields = s.fields.map((f) => t(`fields.${f}`, { defaultValue: f })).join(', ');
      return t('activity.sentences.contract_updated', { actor, fields, particle: objectParticle(fields) });
    }
    case 'contract.status_changed':
    case 'contract.completed': {
      const to = status(s.toStatus);
      return t(`activity.sentences.${key}`, { actor, from: status(s.fromStatus), to, particle: directionParticle(to) });
    }
    case 'counterparty.added':
    case 'counterparty.updated':
    case 'counterparty.removed':
    case 'contract.reminder_created':
    case 'contract.reminder_updated':
    case 'contract.reminder_deleted': {
      const name = s.names[0] ?? '';
      const quoted = a.type.startsWith('contract.reminder') ? `'${name}'` : name;
      return t(`activity.sentences.${key}`, { actor, name: quoted, particle: objectParticle(name) });
    }
    case 'contract.created':
    case 'contract.reminder_sent':
    case 'contract.clauses_labelled':
    case 'contract.clause_labels_deleted':
      return t(`activity.sentences.${key}`, { actor, count: s.count ?? 0 });
    case 'contract.document_uploaded':
    case 'contract.document_adopted':
    case 'contract.document_rendered':
    case 'contract.document_edited':
    case 'contract.document_locked':
    case 'contract.document_unlocked':
      return t(`activity.sentences.${key}`, { actor, revision: s.revision ?? '?' });
    case 'contract.copied':
      return t('activity.sentences.contract_copied', { actor, source: s.relatedContractId ?? '?' });
    case 'workflow.action': {
      const code = s.names[0] ?? '';
      return t('activity.sentences.workflow_action', { actor, action: t(`activity.workflowActions.${code}`, { defaultValue: code }) });
    }
    case 'workflow.started':
    case 'workflow.preset_changed':
    case 'workflow.members_changed':
    case 'workflow.deleted':
      return t(`activity.sentences.${key}`, { actor });
    default:
      return t('activity.sentences.other', { actor, type: a.type });
  }
}

/** The lines under a sentence: each change before → after, then the names an edit mentions. */
export function activityDetails(a: ContractActivity, t: T, locale: Locale): string[] {
  const value = (field: string, v: string | null) => {
    if (v === null || v === '') return t('activity.empty');
    const vocabulary = VOCABULARY_OF_FIELD[field];
    return vocabulary ? labelOf(vocabulary, v, locale) : v;
  };
  const lines = a.summary.changes.map((c) =>
    t('activity.change', { field: t(`fields.${c.field}`, { defaultValue: c.field }), before: value(c.field, c.before), after: value(c.field, c.after) }),
  );
  const listed = a.type === 'contract.updated' || a.type === 'contract.clauses_labelled' || a.type === 'contract.completed' || a.type.startsWith('contract.document_');
  if (listed && a.summary.names.length > 0) lines.push(a.summary.names.join(', '));
  return lines;
}
