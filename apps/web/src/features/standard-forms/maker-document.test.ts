import { describe, expect, it } from 'vitest';
import { declareMissing, insertMarker, makerProblems, makerText } from './maker-document';
import { configOfKey } from './maker-variables';

const BLOCKS = [
  { type: 'HEADING' as const, title: '비밀유지계약서', text: '' },
  { type: 'PARAGRAPH' as const, text: '{{discloser}}와 {{recipient}}는 다음과 같이 합의한다.' },
  { type: 'ARTICLE' as const, title: '목적', text: '이 계약은 비밀정보 보호를 목적으로 한다.' },
  { type: 'ARTICLE' as const, title: '기간', text: '계약기간은 {{term}}년으로 한다.' },
  { type: 'OPTIONAL_CLAUSE' as const, text: '위반 시 {{penaltyAmount}}을 지급한다.', variableKey: 'penalty' },
];

describe('form maker document', () => {
  it('numbers articles in the document language and wraps optional clauses in their markers', () => {
    expect(makerText(BLOCKS, 'ko').split('\n')).toEqual([
      '비밀유지계약서', '{{discloser}}와 {{recipient}}는 다음과 같이 합의한다.', '제1조 (목적)', '이 계약은 비밀정보 보호를 목적으로 한다.',
      '제2조 (기간)', '계약기간은 {{term}}년으로 한다.', '{{#penalty}}위반 시 {{penaltyAmount}}을 지급한다.{{/penalty}}',
    ]);
    expect(makerText(BLOCKS, 'en')).toContain('Article 2 (기간)');
  });

  it('finds undeclared and unused variables and declares the missing ones', () => {
    const variables = [configOfKey('discloser', 'PARTY', 0), configOfKey('unused', 'TEXT', 1)];
    expect(makerProblems(BLOCKS, variables)).toEqual({ undeclared: ['recipient', 'term', 'penalty', 'penaltyAmount'], unused: ['unused'] });
    const declared = declareMissing(BLOCKS, variables);
    expect(declared.map((v) => [v.key, v.type, v.order])).toEqual([
      ['discloser', 'PARTY', 0], ['unused', 'TEXT', 1], ['recipient', 'TEXT', 2], ['term', 'TEXT', 3], ['penalty', 'OPTIONAL_CLAUSE', 4], ['penaltyAmount', 'TEXT', 5],
    ]);
  });

  it('inserts a marker at the cursor', () => {
    expect(insertMarker('갑과 을', 'name', 2)).toEqual({ text: '갑과{{name}} 을', cursor: 10 });
    expect(insertMarker('갑', 'x')).toEqual({ text: '갑{{x}}', cursor: 6 });
  });
});
