import { REMINDER_KIND_CATALOGUE, type ReminderKind } from '@legal/api';
import { defineMailTemplate, layout } from '../../../platform/mail/templates';
import { HOME_TIME_ZONE } from '../search/contract-search.repo';

/** Where the web app shows a contract: `/{workspaceName}/contracts/{id}`. */
export const contractUrl = (publicUrl: string, workspaceName: string, contractId: number) =>
  `${publicUrl}/${encodeURIComponent(workspaceName)}/contracts/${contractId}`;

export interface ReminderMailData {
  recipientName: string;
  title: string;
  memo: string | null;
  kind: ReminderKind;
  /** ISO instant. */
  remindAt: string;
  contractId: number;
  /** The workspace's name, the first segment of the web app's addresses. */
  workspaceName: string;
  contractTitle: string;
  endDate: string | null;
}

const when = (iso: string, locale: 'ko' | 'en') =>
  new Intl.DateTimeFormat(locale === 'ko' ? 'ko-KR' : 'en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: HOME_TIME_ZONE }).format(new Date(iso));

/** A due contract reminder, to one recipient in their language (the reminder job). */
export const reminderMailTemplate = defineMailTemplate<ReminderMailData>({
  name: 'contracts.reminder',
  render(data, locale, env) {
    const kind = REMINDER_KIND_CATALOGUE.find((k) => k.code === data.kind)?.name[locale] ?? data.kind;
    const url = contractUrl(env.publicUrl, data.workspaceName, data.contractId);
    if (locale === 'ko') {
      return {
        subject: `[${env.productName.ko}] 계약 알림: ${data.title}`,
        ...layout(locale, env, {
          heading: data.title,
          paragraphs: [
            `${data.recipientName} 님, '${data.contractTitle}' 계약의 알림입니다 (${kind}).`,
            `알림 일시: ${when(data.remindAt, locale)}`,
            ...(data.endDate ? [`계약 종료일: ${data.endDate}`] : []),
            ...(data.memo ? [`메모: ${data.memo}`] : []),
          ],
          action: { label: '계약 열기', url },
          footnote: '계약을 열람할 수 있는 구성원에게만 발송됩니다.',
        }),
      };
    }
    return {
      subject: `[${env.productName.en}] Contract reminder: ${data.title}`,
      ...layout(locale, env, {
        heading: data.title,
        paragraphs: [
          `Hello ${data.recipientName}, this is a reminder about the contract '${data.contractTitle}' (${kind}).`,
          `Reminder time: ${when(data.remindAt, locale)} (Korea time)`,
          ...(data.endDate ? [`Contract end date: ${data.endDate}`] : []),
          ...(data.memo ? [`Memo: ${data.memo}`] : []),
        ],
        action: { label: 'Open the contract', url },
        footnote: 'Only members who can read the contract receive it.',
      }),
    };
  },
});
