import { type ContractActivity } from '@legal/api';
import { describe, expect, it } from 'vitest';
import ko from '../../locales/ko/contracts.json';
import en from '../../locales/en/contracts.json';
import { activityDetails, activitySentence, directionParticle, finalConsonant, objectParticle } from './activity-sentences';

/** A stand-in for i18next's t over one locale file: nested keys, {{name}} interpolation, defaultValue. */
function translator(resources: Record<string, unknown>) {
  return (key: string, options: Record<string, unknown> = {}) => {
    const found = key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), resources);
    const text = typeof found === 'string' ? found : String(options.defaultValue ?? key);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name] ?? ''));
  };
}

const activity = (over: Omit<Partial<ContractActivity>, 'summary'> & { summary?: Partial<ContractActivity['summary']> }): ContractActivity => ({
  id: 1, type: 'contract.updated', actor: { userId: 41, displayName: '홍길동' }, createdAt: '2026-01-10T01:00:00.000Z', ...over,
  summary: { fields: [], changes: [], names: [], fromStatus: null, toStatus: null, count: null, relatedContractId: null, revision: null, ...over.summary },
});

describe('activity sentences', () => {
  it('chooses Korean particles by the last sound of the word', () => {
    expect([finalConsonant('계약명'), finalConsonant('메모'), finalConsonant('abc')]).toEqual([21, 0, null]);
    expect(objectParticle('계약명')).toBe('을');
    expect(objectParticle('메모')).toBe('를');
    expect(objectParticle("'갱신 검토'")).toBe('를');
    expect(objectParticle('ACME')).toBe('을(를)');
    expect(objectParticle('2025')).toBe('를');
    expect(directionParticle('체결 완료')).toBe('로');
    expect(directionParticle('이행 중')).toBe('으로');
    expect(directionParticle('만료')).toBe('로');
    expect(directionParticle('해지')).toBe('로');
    expect(directionParticle('1')).toBe('로');
  });

  it('words each kind of event in Korean and English', () => {
    const tko = translator(ko);
    const ten = translator(en);
    const title = activity({ summary: { fields: ['title'], changes: [{ field: 'title', before: '공급 계약', after: '공급 계약 (개정)' }] } });
    expect(activitySentence(title, tko, 'ko')).toBe('홍길동 님이 계약명을 변경했습니다');
    expect(activitySentence(title, ten, 'en')).toBe('홍길동 changed Title');
    expect(activityDetails(title, tko, 'ko')).toEqual(['계약명: 공급 계약 → 공급 계약 (개정)']);
    const memo = activity({ summary: { fields: ['memo'], changes: [{ field: 'memo', before: null, after: '확인' }] } });
    expect(activitySentence(memo, tko, 'ko')).toBe('홍길동 님이 메모를 변경했습니다');
    expect(activityDetails(memo, tko, 'ko')).toEqual(['메모: — → 확인']);
    const type = activity({ summary: { fields: ['contractType'], changes: [{ field: 'contractType', before: 'SUPPLY', after: 'SERVICE' }] } });
    expect(activityDetails(type, tko, 'ko')).toEqual(['계약 유형: 물품공급계약 → 용역계약']);
    const status = activity({ type: 'contract.status_changed', actor: null, summary: { fromStatus: 'SIGNED', toStatus: 'ACTIVE' } });
    expect(activitySentence(status, tko, 'ko')).toBe('시스템이 상태를 체결 완료에서 이행 중으로 바꿨습니다');
    expect(activitySentence(status, ten, 'en')).toBe('System changed the status from Signed to Active');
    const party = activity({ type: 'counterparty.added', summary: { names: ['주식회사 새솔'] } });
    expect(activitySentence(party, tko, 'ko')).toBe('홍길동 님이 계약 상대방 주식회사 새솔을 추가했습니다');
    const reminder = activity({ type: 'contract.reminder_created', summary: { names: ['갱신 검토'] } });
    expect(activitySentence(reminder, tko, 'ko')).toBe("홍길동 님이 알림 '갱신 검토'를 예약했습니다");
    expect(activitySentence(activity({ type: 'contract.clauses_labelled', summary: { count: 12, names: ['용역계약서.docx'] } }), tko, 'ko')).toBe('홍길동 님이 조항 12개를 분석했습니다');
    expect(activitySentence(activity({ type: 'contract.copied', summary: { relatedContractId: 4 } }), ten, 'en')).toBe('홍길동 created this contract as a copy of contract 4');
    const upload = activity({ type: 'contract.document_uploaded', summary: { revision: 3, names: ['용역계약서.docx'] } });
    expect(activitySentence(upload, tko, 'ko')).toBe('홍길동 님이 계약서 본문의 3번째 판을 올렸습니다');
    expect(activitySentence(upload, ten, 'en')).toBe('홍길동 uploaded revision 3 of the contract document');
    expect(activityDetails(upload, tko, 'ko')).toEqual(['용역계약서.docx']);
    expect(activitySentence(activity({ type: 'contract.document_edited', summary: { revision: 4 } }), tko, 'ko')).toBe('홍길동 님이 Word에서 계약서 본문을 고쳐 4번째 판으로 저장했습니다');
    // The workflow's own events, the action by its name (the workflow panel keeps the whole history).
    expect(activitySentence(activity({ type: 'workflow.started' }), tko, 'ko')).toBe('홍길동 님이 검토·결재 워크플로를 시작했습니다');
    expect(activitySentence(activity({ type: 'workflow.action', summary: { names: ['APPROVE'] } }), tko, 'ko')).toBe("홍길동 님이 워크플로에서 '승인' 처리를 했습니다");
    expect(activitySentence(activity({ type: 'workflow.action', summary: { names: ['CANCEL_SIGNING'] } }), ten, 'en')).toBe("홍길동 took the workflow action 'Cancel signing'");
    expect(activitySentence(activity({ type: 'workflow.deleted' }), ten, 'en')).toBe('홍길동 withdrew the review request');
    expect(activitySentence(activity({ type: 'contract.document_saved', actor: { userId: 9, displayName: null } }), tko, 'ko')).toBe('알 수 없는 사용자 님의 활동 (contract.document_saved)');
  });
});
