import { type AdvisoryDraft, type InquiryDetail, type InquirySummary, type SimilarInquiry } from '@legal/api';
import { CITATION } from '../research.test-support';

/** For the advisory screens' tests (not a test file itself): inquiries, similar ones and drafts. */

export function inquiryOf(inquiryId: number, title: string, over: Partial<InquirySummary> = {}): InquirySummary {
  return {
    inquiryId, title, question: `${title}에 관한 사업부 질의입니다.`, answer: null, asOf: null, createdByUserId: 41, createdAt: '2026-11-27T01:00:00.000Z',
    ...over,
  };
}

export const PAYMENT_QUESTION = '협력업체에 납품받은 부품 대금을 언제까지 지급해야 하나요?';

export const SIMILAR: SimilarInquiry = {
  ...inquiryOf(3, '하도급대금 지급기한 문의', {
    question: '하청업체 대금은 납품 후 며칠 안에 줘야 하나요?', answer: '목적물 수령일부터 60일 이내에 지급해야 합니다(하도급법 제13조).', createdAt: '2026-10-01T01:00:00.000Z',
  }),
  score: 0.82,
};
export const SIMILAR_UNANSWERED: SimilarInquiry = { ...inquiryOf(2, '납품 검수 기간 문의', { createdAt: '2026-09-01T01:00:00.000Z' }), score: 0.31 };

export function draftOf(draftId: number, over: Partial<AdvisoryDraft> = {}): AdvisoryDraft {
  return {
    draftId, engine: 'BUILT_IN', question: `부품 대금 지급기한\n${PAYMENT_QUESTION}`, asOf: '2026-11-27', text: null, citations: [CITATION], similar: [SIMILAR],
    correctedReferences: 0, creditsCharged: 0, createdByUserId: 41, createdAt: '2026-11-27T02:00:00.000Z',
    ...over,
  };
}

export function detailOf(over: Partial<InquiryDetail> = {}): InquiryDetail {
  return { ...inquiryOf(9, '부품 대금 지급기한', { question: PAYMENT_QUESTION, asOf: '2026-11-27' }), drafts: [], similar: [SIMILAR, SIMILAR_UNANSWERED], ...over };
}

export function pageOf<T>(content: T[], page = 0, totalElements = content.length, size = 10) {
  return { content, page, size, totalElements, totalPages: Math.ceil(totalElements / size) };
}
