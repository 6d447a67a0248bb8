import { defineMailTemplate, layout } from '../../../platform/mail/templates';

/** A super admin's decision on a workspace deletion request, to the admin who asked. */
export const workspaceDeletionDecidedTemplate = defineMailTemplate<{
  name: string;
  workspaceName: string;
  decision: 'APPROVED' | 'REJECTED';
  /** ISO instant after which the data is purged (APPROVED). */
  purgeAfter: string | null;
  comment: string | null;
}>({
  name: 'workspace.deletion-decided',
  render(data, locale, env) {
    const when = data.purgeAfter
      ? new Intl.DateTimeFormat(locale === 'ko' ? 'ko-KR' : 'en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Seoul' }).format(new Date(data.purgeAfter))
      : '';
    const isApproved = data.decision === 'APPROVED';
    if (locale === 'ko') {
      const heading = isApproved ? '워크스페이스 삭제 요청이 승인되었습니다' : '워크스페이스 삭제 요청이 반려되었습니다';
      return {
        subject: `[${env.productName.ko}] ${heading}`,
        ...layout(locale, env, {
          heading,
          paragraphs: [
            `${data.name} 님, '${data.workspaceName}' 워크스페이스의 삭제 요청이 ${isApproved ? '승인' : '반려'}되었습니다.`,
            ...(isApproved ? [`${when} 이후 워크스페이스의 데이터와 파일이 영구 삭제됩니다. 그 전에 관리자 콘솔에서 데이터를 내려받아 보관해 주세요.`] : []),
            ...(data.comment ? [`의견: ${data.comment}`] : []),
          ],
          action: { label: '서비스 열기', url: env.publicUrl },
        }),
      };
    }
    const heading = isApproved ? 'Your workspace deletion request was approved' : 'Your workspace deletion request was rejected';
    return {
      subject: `[${env.productName.en}] ${heading}`,
      ...layout(locale, env, {
        heading,
        paragraphs: [
          `Hello ${data.name}, the request to delete the workspace '${data.workspaceName}' was ${isApproved ? 'approved' : 'rejected'}.`,
          ...(isApproved ? [`Its data and files will be deleted for good after ${when} (Korea time). Download the export from the admin console before then.`] : []),
          ...(data.comment ? [`Comment: ${data.comment}`] : []),
        ],
        action: { label: 'Open the app', url: env.publicUrl },
      }),
    };
  },
});
