import { defineMailTemplate, layout } from '../../platform/mail/templates';

/** The one-time sign-in code (ko/en). */
export const otpMailTemplate = defineMailTemplate<{ code: string; minutes: number; name: string; isSuperAdmin: boolean }>({
  name: 'auth.otp',
  render(data, locale, env) {
    if (locale === 'ko') {
      return {
        subject: `[${env.productName.ko}] 로그인 인증번호 ${data.code}`,
        ...layout(locale, env, {
          heading: data.isSuperAdmin ? '슈퍼 관리자 로그인 인증번호' : '로그인 인증번호',
          paragraphs: [
            `${data.name} 님, 아래 인증번호를 로그인 화면에 입력해 주세요.`,
            `인증번호: ${data.code}`,
            `인증번호는 ${data.minutes}분 동안 한 번만 사용할 수 있습니다.`,
          ],
          footnote: '본인이 로그인하지 않았다면 이 메일을 무시하고 비밀번호를 변경해 주세요.',
        }),
      };
    }
    return {
      subject: `[${env.productName.en}] Your sign-in code ${data.code}`,
      ...layout(locale, env, {
        heading: data.isSuperAdmin ? 'Super-admin sign-in code' : 'Your sign-in code',
        paragraphs: [`Hello ${data.name}, enter this code on the sign-in screen.`, `Code: ${data.code}`, `It works once, for ${data.minutes} minutes.`],
        footnote: 'If you did not try to sign in, ignore this message and change your password.',
      }),
    };
  },
});
