import { type Finding, type Review, type ReviewContractTypeInfo } from '@legal/api';
import { type FakeApi } from '../../test/fake-api';
import { signInAs } from '../contracts/contracts.test-support';

/** For the AI review screens' tests (not a test file itself): fixtures and a signed-in member of hanbit. */

export const REVIEWER = ['ai.review.use', 'contract.contract.read', 'file.file.read', 'file.file.write'];

export function signInReviewer(permissions = REVIEWER): FakeApi {
  return signInAs(permissions);
}

export const SERVICE_TYPE: ReviewContractTypeInfo = {
  code: 'SERVICE',
  name: { ko: '용역계약', en: 'Service agreement' },
  positions: [
    { code: 'PARTY_A', name: { ko: '갑 (발주자)', en: 'Client' } },
    { code: 'PARTY_B', name: { ko: '을 (수급인)', en: 'Contractor' } },
  ],
  checkpointCount: 14,
};

export const TEXT = [
  '용역계약서',
  '제1조(목적) 이 계약은 갑이 을에게 홈페이지 개발 용역을 맡기는 조건을 정한다.',
  '제5조(대금 지급) 갑은 검수를 마친 날부터 90일 이내에 용역대금을 지급한다.',
  '제9조(손해배상) 을은 이 계약 위반으로 갑에게 생긴 모든 손해를 배상한다.',
].join('\n');

const at = (needle: string) => {
  const start = TEXT.indexOf(needle);
  if (start < 0) throw new Error(needle);
  return { startOffset: start, endOffset: start + needle.length };
};
const line = (prefix: string) => {
  const start = TEXT.indexOf(prefix);
  const end = TEXT.indexOf('\n', start);
  return { startOffset: start, endOffset: end < 0 ? TEXT.length : end };
};

export const CLAUSES: Review['clauses'] = [
  { label: 'PURPOSE', heading: '제1조(목적)', ...line('제1조') },
  { label: 'PAYMENT', heading: '제5조(대금 지급)', ...line('제5조') },
  { label: 'LIABILITY', heading: '제9조(손해배상)', ...line('제9조') },
] as Review['clauses'];

export function findingOf(id: number, over: Partial<Finding> = {}): Finding {
  return {
    findingId: id,
    checkpointId: 100 + id,
    checkpointCode: `SERVICE-${id}`,
    question: `점검 ${id}`,
    label: 'PAYMENT',
    risk: 'HIGH',
    verdict: 'NOT_MET',
    clause: null,
    evidence: [],
    explanation: '설명',
    legalBasis: [],
    suggestedEdit: null,
    confidence: 0.8,
    decision: 'OPEN',
    decisionReason: null,
    decidedBy: null,
    decidedAt: null,
    ...over,
  } as Finding;
}

export const PAYMENT_FINDING = findingOf(1, {
  question: '대금 지급기한이 60일 이내인가?',
  label: 'PAYMENT',
  risk: 'HIGH',
  clause: { heading: '제5조(대금 지급)', label: 'PAYMENT', ...line('제5조') },
  evidence: [{ ...at('90일 이내에 용역대금을 지급한다'), text: '90일 이내에 용역대금을 지급한다' }],
  explanation: '지급기한이 90일로 을에게 불리합니다.',
  legalBasis: [
    {
      lawName: '하도급거래 공정화에 관한 법률', article: '제13조', paragraph: 1, articleTitle: '(하도급대금의 지급 등)',
      text: '원사업자는 수급사업자에게 제조등의 위탁을 하는 경우에는 목적물등의 수령일부터 60일 이내의 가능한 짧은 기한으로 정한 지급기일까지 하도급대금을 지급하여야 한다.',
      effectiveDate: '2025-01-21', lawSerialNumber: '265959',
    },
  ],
  suggestedEdit: { text: '갑은 검수를 마친 날부터 30일 이내에 용역대금을 지급한다.', replaceStart: at('90일 이내에 용역대금을 지급한다').startOffset, replaceEnd: at('90일 이내에 용역대금을 지급한다').endOffset },
});

export const LIABILITY_FINDING = findingOf(2, {
  question: '손해배상 책임에 상한이 있는가?',
  label: 'LIABILITY',
  risk: 'MEDIUM',
  clause: { heading: '제9조(손해배상)', label: 'LIABILITY', ...line('제9조') },
  evidence: [{ ...at('모든 손해를 배상한다'), text: '모든 손해를 배상한다' }],
  explanation: '배상 범위에 상한이 없습니다.',
  suggestedEdit: { text: '을의 배상 책임은 계약금액을 한도로 한다.', replaceStart: null, replaceEnd: null },
});

export const PURPOSE_FINDING = findingOf(3, { question: '목적 조항이 있는가?', label: 'PURPOSE', risk: 'LOW', verdict: 'MET' });

export function reviewOf(over: Partial<Review> = {}): Review {
  return {
    reviewId: 12,
    source: { contractId: 7, standaloneContractId: null, fileKey: 'AAAAAAAAAAAAAAAAAAAAAA', revision: 1, fileName: '홈페이지 용역계약서.docx' },
    contractType: 'SERVICE',
    position: 'PARTY_B',
    language: 'ko',
    engine: 'BUILT_IN',
    status: 'DONE',
    progress: { step: null, percent: 100 },
    creditsCharged: 12,
    promptVersion: null,
    errorCode: null,
    fromCache: false,
    createdBy: { userId: 41, displayName: '김민준' },
    createdAt: '2026-11-20T01:00:00.000Z',
    finishedAt: '2026-11-20T01:00:03.000Z',
    summary: {
      keyPoints: [{ ...at('갑은 검수를 마친 날부터 90일 이내에 용역대금을 지급한다.'), text: '갑은 검수를 마친 날부터 90일 이내에 용역대금을 지급한다.' }],
      counts: { notMet: 2, met: 1, unclear: 0, notApplicable: 0, highRiskNotMet: 1 },
    },
    findings: [PAYMENT_FINDING, LIABILITY_FINDING, PURPOSE_FINDING],
    clauses: CLAUSES,
    text: TEXT,
    ...over,
  } as Review;
}

export const emptyPage = { content: [], page: 0, size: 10, totalElements: 0, totalPages: 0 };
