import { describe, expect, it } from 'vitest';
import { deadlineMailTemplate, type MailKind, workflowNoticeMailTemplate } from './workflows.mail';

const env = { publicUrl: 'https://legal.example', productName: { ko: '리걸', en: 'Legal' } };
const KINDS: MailKind[] = ['SUBMITTED', 'ASSIGNED', 'RETURNED', 'REVIEW_COMPLETED', 'APPROVAL_TURN', 'APPROVED', 'REJECTED', 'SIGNING_READY', 'EXECUTED', 'CANCELED', 'MENTIONED'];

describe('workflow mails', () => {
  it('speak the recipient\'s language, name the contract and link to it, for every kind', () => {
    const subjects = new Set<string>();
    for (const kind of KINDS) {
      const data = { kind, workspaceName: '한빛 법무', contractId: 42, contractTitle: '공급 계약', actorName: '김민준', comment: '확인 부탁' };
      const ko = workflowNoticeMailTemplate.render(data, 'ko', env);
      const en = workflowNoticeMailTemplate.render(data, 'en', env);
      expect(ko.subject).toMatch(/^\[리걸\] .*[가-힣].*: 공급 계약$/);
      expect(en.subject).toMatch(/^\[Legal\] [A-Z][a-z]* .*: 공급 계약$/);
      expect(ko.text).toContain('의견: 확인 부탁');
      expect(en.text).toContain('Comment: 확인 부탁');
      expect(en.html).toContain('https://legal.example/%ED%95%9C%EB%B9%9B%20%EB%B2%95%EB%AC%B4/contracts/42');
      subjects.add(ko.subject).add(en.subject);
    }
    // Each kind says something of its own.
    expect(subjects.size).toBe(KINDS.length * 2);
  });
  it('deadline mails: a reminder and an escalation in both languages', () => {
    const data = { workspaceName: 'ws', contractId: 1, contractTitle: 'NDA', deadline: '2026-12-01' };
    expect(deadlineMailTemplate.render({ ...data, kind: 'REMINDER' }, 'ko', env).subject).toContain('다가옵니다');
    expect(deadlineMailTemplate.render({ ...data, kind: 'ESCALATION' }, 'en', env).subject).toContain('has passed');
    expect(deadlineMailTemplate.render({ ...data, kind: 'ESCALATION' }, 'en', env).text).toContain('2026-12-01');
  });
});
