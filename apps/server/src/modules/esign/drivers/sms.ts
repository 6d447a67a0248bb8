import { AppError } from '../../../platform/http/errors';
import { defineMailTemplate, layout } from '../../../platform/mail/templates';
import type { AppServices } from '../../../platform/services';

/**
 * Sends a text message (the e-sign SMS code). HTTP: `POST SMS_URL` with JSON `{to, text}` and
 * `Authorization: Bearer SMS_TOKEN`, any 2xx is delivered (docs/esign.md: the contract an operator
 * adapts to their gateway). Without SMS_URL outside production the text goes to the development
 * mailbox as a mail to `sms+<digits>@dev.invalid`; in production without it, SMS is unavailable.
 */
export interface SmsDriver {
  readonly kind: 'http' | 'dev-mailbox';
  send(message: { to: string; text: string }, services: Pick<AppServices, 'mailer' | 'outbound'>): Promise<void>;
}

const smsMailTemplate = defineMailTemplate<{ text: string; to: string }>({
  name: 'esign.sms-dev',
  render(data, locale, env) {
    const heading = locale === 'ko' ? `문자 메시지 (${data.to})` : `Text message (${data.to})`;
    return { subject: `[SMS] ${data.text}`, ...layout(locale, env, { heading, paragraphs: [data.text] }) };
  },
});

export function smsDriverOf(config: AppServices['config']): SmsDriver | null {
  const sms = config.esign.sms;
  if (sms) {
    return {
      kind: 'http',
      async send(message, services) {
        const response = await services.outbound
          .fetch(sms.url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...(sms.token ? { authorization: `Bearer ${sms.token}` } : {}) },
            body: JSON.stringify(message),
          })
          .catch((err: unknown) => {
            throw new AppError('ERROR_SERVICE_UNAVAILABLE', { data: { reason: 'SMS_GATEWAY_UNREACHABLE' }, cause: err });
          });
        await response.body?.cancel().catch(() => undefined);
        if (!response.ok) throw new AppError('ERROR_SERVICE_UNAVAILABLE', { data: { reason: 'SMS_GATEWAY_REFUSED', status: response.status } });
      },
    };
  }
  if (config.isProduction) return null;
  return {
    kind: 'dev-mailbox',
    async send(message, services) {
      await services.mailer.send(smsMailTemplate, { to: `sms+${message.to.replace(/\D/g, '')}@dev.invalid`, locale: 'ko', data: message });
    },
  };
}
