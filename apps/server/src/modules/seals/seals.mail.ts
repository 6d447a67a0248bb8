import { defineMailTemplate, layout } from '../../platform/mail/templates';

/**
 * The seal service's mail (ko/en, the recipient's language): the approver whose turn it is, the
 * custodian once the line approved, the requester of the outcome (approved, rejected, applied).
 */
export type SealMailKind = 'APPROVAL_TURN' | 'TO_APPLY' | 'APPROVED' | 'REJECTED' | 'APPLIED';

const SUBJECTS: Record<SealMailKind, { ko: string; en: string }> = {
  APPROVAL_TURN: { ko: '인장 사용 신청의 결재 차례입니다', en: 'A seal usage request waits for your approval' },
  TO_APPLY: { ko: '승인된 인장 사용 신청: 날인해 주세요', en: 'A seal usage request was approved: apply the seal' },
  APPROVED: { ko: '인장 사용 신청이 승인되었습니다', en: 'Your seal usage request was approved' },
  REJECTED: { ko: '인장 사용 신청이 반려되었습니다', en: 'Your seal usage request was rejected' },
  APPLIED: { ko: '신청한 인장이 날인되었습니다', en: 'The seal you requested was applied' },
};

export interface SealMailData {
  kind: SealMailKind;
  workspaceName: string;
  requestId: number;
  sealName: string;
  purpose: string;
  useDate: string;
  actorName: string;
  comment: string | null;
}

/** The web page of a request (apps/web seal screens). */
export const requestPath = (workspaceName: string, requestId: number) => `/${encodeURIComponent(workspaceName)}/seals/usage-requests/${requestId}`;

export const sealNoticeMailTemplate = defineMailTemplate<SealMailData>({
  name: 'seals.notice',
  render(data, locale, env) {
    const url = `${env.publicUrl}${requestPath(data.workspaceName, data.requestId)}`;
    const subject = SUBJECTS[data.kind][locale];
    const product = env.productName[locale];
    const paragraphs =
      locale === 'ko'
        ? [`인장: ${data.sealName}`, `사용 목적: ${data.purpose}`, `사용 예정일: ${data.useDate}`, `처리자: ${data.actorName}`, ...(data.comment ? [`의견: ${data.comment}`] : [])]
        : [`Seal: ${data.sealName}`, `Purpose: ${data.purpose}`, `Use date: ${data.useDate}`, `By: ${data.actorName}`, ...(data.comment ? [`Comment: ${data.comment}`] : [])];
    return {
      subject: `[${product}] ${subject}: ${data.sealName}`,
      ...layout(locale, env, { heading: subject, paragraphs, action: { label: locale === 'ko' ? '신청 보기' : 'Open the request', url } }),
    };
  },
});
