import { defineMailTemplate, layout } from '../../../platform/mail/templates';

/** The path of the web app's accept page; the token rides in its query. */
export function invitationAcceptUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/invitations/accept?token=${encodeURIComponent(token)}`;
}

/** The invitation with its accept link (ko/en, the inviting admin's language). */
export const invitationMailTemplate = defineMailTemplate<{ token: string; workspaceName: string; inviterName: string; days: number }>({
  name: 'admin.invitation',
  render(data, locale, env) {
    const url = invitationAcceptUrl(env.publicUrl, data.token);
    if (locale === 'ko') {
      return {
        subject: `[${env.productName.ko}] ${data.workspaceName} 워크스페이스 초대`,
        ...layout(locale, env, {
          heading: `${data.workspaceName} 워크스페이스에 초대되었습니다`,
          paragraphs: [
            `${data.inviterName} 님이 ${env.productName.ko}의 ${data.workspaceName} 워크스페이스로 초대했습니다.`,
            '아래 버튼을 눌러 초대를 수락해 주세요. 계정이 없다면 이름과 비밀번호를 정해 가입할 수 있습니다.',
            `링크는 ${data.days}일 동안 사용할 수 있습니다.`,
          ],
          action: { label: '초대 수락', url },
          footnote: '초대받을 이유가 없다면 이 메일을 무시해 주세요.',
        }),
      };
    }
    return {
      subject: `[${env.productName.en}] You are invited to ${data.workspaceName}`,
      ...layout(locale, env, {
        heading: `Join the ${data.workspaceName} workspace`,
        paragraphs: [
          `${data.inviterName} invited you to the ${data.workspaceName} workspace of ${env.productName.en}.`,
          'Use the button below to accept. Without an account you choose a name and a password to sign up.',
          `The link works for ${data.days} days.`,
        ],
        action: { label: 'Accept the invitation', url },
        footnote: 'If you did not expect this invitation, ignore this message.',
      }),
    };
  },
});
