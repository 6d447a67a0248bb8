import { defineMailTemplate, layout } from '../../../platform/mail/templates';

/** The password-reset link (ko/en). The link opens the web app's /reset-password page. */
export const passwordResetMailTemplate = defineMailTemplate<{ token: string; minutes: number; name: string }>({
  name: 'auth.password-reset',
  render(data, locale, env) {
    const url = `${env.publicUrl}/reset-password?token=${encodeURIComponent(data.token)}`;
    if (locale === 'ko') {
      return {
        subject: `[${env.productName.ko}] 비밀번호 재설정 안내`,
        ...layout(locale, env, {
          heading: '비밀번호 재설정',
          paragraphs: [`${data.name} 님, 아래 버튼을 눌러 새 비밀번호를 설정해 주세요.`, `링크는 ${data.minutes}분 동안 한 번만 사용할 수 있습니다.`],
          action: { label: '비밀번호 재설정', url },
          footnote: '비밀번호 재설정을 요청하지 않았다면 이 메일을 무시해 주세요.',
        }),
      };
    }
    return {
      subject: `[${env.productName.en}] Reset your password`,
      ...layout(locale, env, {
        heading: 'Reset your password',
        paragraphs: [`Hello ${data.name}, use the button below to choose a new password.`, `The link works once, for ${data.minutes} minutes.`],
        action: { label: 'Reset password', url },
        footnote: 'If you did not ask for this, ignore this message.',
      }),
    };
  },
});
