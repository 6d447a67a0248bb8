import type { Locale } from '@legal/api';
import { defineMailTemplate, layout } from '../../platform/mail/templates';

const kst = (at: Date, locale: Locale) =>
  new Intl.DateTimeFormat(locale === 'ko' ? 'ko-KR' : 'en-GB', { timeZone: 'Asia/Seoul', dateStyle: 'medium', timeStyle: 'short' }).format(at) + ' KST';

/** To a signer: the link to sign (first send, reminder, or a resend with a new link). */
export const signRequestMailTemplate = defineMailTemplate<{ kind: 'INVITE' | 'REMIND' | 'RESEND'; senderName: string; title: string; message: string | null; signerName: string; url: string; expiresAt: Date }>({
  name: 'esign.sign-request',
  render(d, locale, env) {
    const product = env.productName[locale];
    const heading =
      locale === 'ko'
        ? { INVITE: '전자서명 요청이 도착했습니다', REMIND: '전자서명을 기다리고 있습니다', RESEND: '전자서명 링크가 새로 발급되었습니다' }[d.kind]
        : { INVITE: 'You are asked to sign a document', REMIND: 'Your signature is still awaited', RESEND: 'A new signing link was issued' }[d.kind];
    const paragraphs =
      locale === 'ko'
        ? [`${d.signerName} 님, ${d.senderName}에서 '${d.title}' 문서의 서명을 요청했습니다.`, ...(d.message ? [`메시지: ${d.message}`] : []), `서명 기한: ${kst(d.expiresAt, locale)}`]
        : [`${d.signerName}, ${d.senderName} asks you to sign '${d.title}'.`, ...(d.message ? [`Message: ${d.message}`] : []), `Sign by: ${kst(d.expiresAt, locale)}`];
    return {
      subject: `[${product}] ${heading}: ${d.title}`,
      ...layout(locale, env, {
        heading,
        paragraphs,
        action: { label: locale === 'ko' ? '문서 확인하고 서명하기' : 'Review and sign', url: d.url },
        footnote: locale === 'ko' ? '이 링크는 본인만 사용할 수 있으며, 열면 본인 확인을 거칩니다. 다른 사람에게 전달하지 마세요.' : 'This link is yours alone and asks you to verify who you are. Do not forward it.',
      }),
    };
  },
});

/** To a signer: the e-mail verification code. */
export const codeMailTemplate = defineMailTemplate<{ code: string; title: string; minutes: number }>({
  name: 'esign.code',
  render(d, locale, env) {
    const product = env.productName[locale];
    const heading = locale === 'ko' ? `전자서명 인증번호: ${d.code}` : `Your signing code: ${d.code}`;
    const paragraphs =
      locale === 'ko'
        ? [`'${d.title}' 서명을 위한 인증번호는 ${d.code} 입니다.`, `${d.minutes}분 안에 입력해 주세요. 요청하지 않았다면 이 메일을 무시하세요.`]
        : [`The code to sign '${d.title}' is ${d.code}.`, `Enter it within ${d.minutes} minutes. If you did not ask for it, ignore this mail.`];
    return { subject: `[${product}] ${heading}`, ...layout(locale, env, { heading, paragraphs }) };
  },
});

/** To the sender (and the contract's owner): news of an envelope. */
export const senderNoticeMailTemplate = defineMailTemplate<{ kind: 'SEAL_DUE' | 'DECLINED' | 'COMPLETED'; title: string; partyName: string | null; reason: string | null; url: string }>({
  name: 'esign.sender-notice',
  render(d, locale, env) {
    const product = env.productName[locale];
    const heading =
      locale === 'ko'
        ? { SEAL_DUE: '회사 날인 차례입니다', DECLINED: '서명이 거절되었습니다', COMPLETED: '전자서명이 완료되었습니다' }[d.kind]
        : { SEAL_DUE: "The company's seal is due", DECLINED: 'A signer declined', COMPLETED: 'Signing is complete' }[d.kind];
    const paragraphs =
      locale === 'ko'
        ? [`문서 '${d.title}'`, ...(d.partyName ? [`당사자: ${d.partyName}`] : []), ...(d.reason ? [`사유: ${d.reason}`] : []), ...(d.kind === 'SEAL_DUE' ? ['승인된 인장 사용 신청으로 회사 인장을 날인해 주세요.'] : [])]
        : [`Document '${d.title}'`, ...(d.partyName ? [`Party: ${d.partyName}`] : []), ...(d.reason ? [`Reason: ${d.reason}`] : []), ...(d.kind === 'SEAL_DUE' ? ["Apply the company's seal under an approved seal usage request."] : [])];
    return { subject: `[${product}] ${heading}: ${d.title}`, ...layout(locale, env, { heading, paragraphs, action: { label: locale === 'ko' ? '열기' : 'Open', url: d.url } }) };
  },
});

/** To the parties: the envelope was voided, or is complete (with the link to download the signed PDF). */
export const partyNoticeMailTemplate = defineMailTemplate<{ kind: 'VOIDED' | 'COMPLETED'; title: string; senderName: string; reason: string | null; url: string | null }>({
  name: 'esign.party-notice',
  render(d, locale, env) {
    const product = env.productName[locale];
    const heading =
      locale === 'ko' ? (d.kind === 'VOIDED' ? '서명 요청이 취소되었습니다' : '모든 당사자의 서명이 완료되었습니다') : d.kind === 'VOIDED' ? 'The signing request was voided' : 'Everyone has signed';
    const paragraphs =
      locale === 'ko'
        ? [`${d.senderName}의 문서 '${d.title}'`, ...(d.reason ? [`사유: ${d.reason}`] : []), ...(d.kind === 'COMPLETED' ? ['아래 링크에서 본인 확인 후 서명된 PDF를 내려받을 수 있습니다.'] : [])]
        : [`'${d.title}' from ${d.senderName}`, ...(d.reason ? [`Reason: ${d.reason}`] : []), ...(d.kind === 'COMPLETED' ? ['Verify at the link below to download the signed PDF.'] : [])];
    return {
      subject: `[${product}] ${heading}: ${d.title}`,
      ...layout(locale, env, { heading, paragraphs, ...(d.url ? { action: { label: locale === 'ko' ? '서명된 PDF 받기' : 'Download the signed PDF', url: d.url } } : {}) }),
    };
  },
});
