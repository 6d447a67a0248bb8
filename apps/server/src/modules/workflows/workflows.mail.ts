import { defineMailTemplate, layout } from '../../platform/mail/templates';
import type { Notice } from './workflow.state';

export type MailKind = Notice | 'MENTIONED';

const SUBJECTS: Record<MailKind, { ko: string; en: string }> = {
  SUBMITTED: { ko: '검토 요청이 들어왔습니다 (배정 필요)', en: 'A review request waits for assignment' },
  ASSIGNED: { ko: '검토가 배정되었습니다', en: 'A review was assigned to you' },
  RETURNED: { ko: '계약이 보완 요청으로 반려되었습니다', en: 'Your contract was returned for revision' },
  REVIEW_COMPLETED: { ko: '법무 검토가 완료되었습니다', en: 'The legal review is complete' },
  APPROVAL_TURN: { ko: '결재 차례입니다', en: 'Your approval is requested' },
  APPROVED: { ko: '결재가 승인되었습니다', en: 'The approval line approved' },
  REJECTED: { ko: '결재가 거절되었습니다', en: 'The approval was rejected' },
  SIGNING_READY: { ko: '서명 단계입니다: 체결본을 등록해 주세요', en: 'Ready for signing: upload the executed copy' },
  EXECUTED: { ko: '계약이 체결되었습니다', en: 'The contract is executed' },
  CANCELED: { ko: '워크플로가 취소되었습니다', en: 'The workflow was canceled' },
  MENTIONED: { ko: '워크플로 댓글에서 언급되었습니다', en: 'You were mentioned in a workflow comment' },
};

/** To the next actors of a workflow (ko/en, the recipient's language). */
export const workflowNoticeMailTemplate = defineMailTemplate<{ kind: MailKind; workspaceName: string; contractId: number; contractTitle: string; actorName: string; comment: string | null }>({
  name: 'workflows.notice',
  render(data, locale, env) {
    const url = `${env.publicUrl}/${encodeURIComponent(data.workspaceName)}/contracts/${data.contractId}`;
    const subject = SUBJECTS[data.kind][locale];
    const product = env.productName[locale];
    if (locale === 'ko') {
      return {
        subject: `[${product}] ${subject}: ${data.contractTitle}`,
        ...layout(locale, env, {
          heading: subject,
          paragraphs: [`계약 '${data.contractTitle}' (${data.actorName} 님)`, ...(data.comment ? [`의견: ${data.comment}`] : [])],
          action: { label: '계약 보기', url },
        }),
      };
    }
    return {
      subject: `[${product}] ${subject}: ${data.contractTitle}`,
      ...layout(locale, env, {
        heading: subject,
        paragraphs: [`Contract '${data.contractTitle}' (by ${data.actorName})`, ...(data.comment ? [`Comment: ${data.comment}`] : [])],
        action: { label: 'Open the contract', url },
      }),
    };
  },
});

/** The desired review deadline: a reminder the day before (reviewers, or assigners before assignment), an escalation once passed (assigners). */
export const deadlineMailTemplate = defineMailTemplate<{ kind: 'REMINDER' | 'ESCALATION'; workspaceName: string; contractId: number; contractTitle: string; deadline: string }>({
  name: 'workflows.deadline',
  render(data, locale, env) {
    const url = `${env.publicUrl}/${encodeURIComponent(data.workspaceName)}/contracts/${data.contractId}`;
    const product = env.productName[locale];
    const heading =
      locale === 'ko'
        ? data.kind === 'REMINDER' ? '검토 희망 기한이 다가옵니다' : '검토 희망 기한이 지났습니다'
        : data.kind === 'REMINDER' ? 'The desired review deadline is near' : 'The desired review deadline has passed';
    const line = locale === 'ko' ? `계약 '${data.contractTitle}'의 검토 희망 기한: ${data.deadline}` : `Contract '${data.contractTitle}', desired review by ${data.deadline}`;
    return {
      subject: `[${product}] ${heading}: ${data.contractTitle}`,
      ...layout(locale, env, { heading, paragraphs: [line], action: { label: locale === 'ko' ? '계약 보기' : 'Open the contract', url } }),
    };
  },
});
