import {
  ESIGN_HEADER,
  downloadSignerPdf,
  getSignerDocument,
  getVerificationMethods,
  rejectAsSigner,
  requestEasyAuth,
  sendEmailCode,
  sendOtp,
  signAsSigner,
  verifyEasyAuth,
  verifyEmailCode,
  verifyOtp,
  viewAsSigner,
  type RouteBody,
  type RouteData,
} from '@legal/api';
import { createApiClient } from '../../lib/api/api-client';
import { currentLocale, i18n } from '../../lib/i18n';

/**
 * The signer pages' own client. An outside signer has no account: a 401 here means a wrong or
 * expired link or signer token, which the page explains itself. The app's client would run the
 * sign-out-or-refresh routine and toast "session expired", so these calls go through a client
 * with no session headers, no unauthorized routine and no toasts (every failure is shown in place).
 */
const client = createApiClient({
  getContext: () => ({
    tenantId: 0,
    workspaceId: 0,
    locale: currentLocale(),
    route: typeof window === 'undefined' ? '' : window.location.pathname.replace(/\/sign\/[^/]+/, '/sign/:urlToken'),
    hasPermission: () => false,
  }),
  translate: (key) => i18n.t(key),
});

const quiet = { suppressErrorToast: true } as const;
const byLink = (urlToken: string) => ({ ...quiet, headers: { [ESIGN_HEADER.urlToken]: urlToken } });
const bySigner = (signerToken: string) => ({ ...quiet, headers: { [ESIGN_HEADER.signerToken]: signerToken } });

export type LinkInfo = RouteData<typeof getVerificationMethods>;
export type SignerSession = RouteData<typeof verifyEmailCode>;
export type CodeSent = RouteData<typeof sendEmailCode>;
export type EasyAuthRequest = RouteData<typeof requestEasyAuth>;
export type SignerDocument = RouteData<typeof getSignerDocument>;
export type SignerField = SignerDocument['fields'][number];
export type SignBody = RouteBody<typeof signAsSigner>;
export type SignatureInput = NonNullable<SignBody['signature']>;
export type CodeChannel = 'EMAIL' | 'SMS_OTP';

export const signerApi = {
  linkInfo: (urlToken: string) => client.call(getVerificationMethods, byLink(urlToken)),
  sendCode: (urlToken: string, channel: CodeChannel) =>
    channel === 'EMAIL' ? client.call(sendEmailCode, byLink(urlToken)) : client.call(sendOtp, byLink(urlToken)),
  verifyCode: (urlToken: string, channel: CodeChannel, code: string) =>
    channel === 'EMAIL'
      ? client.call(verifyEmailCode, { ...byLink(urlToken), body: { code } })
      : client.call(verifyOtp, { ...byLink(urlToken), query: { otp: code } }),
  requestEasyAuth: (urlToken: string, provider: EasyAuthRequest['provider']) =>
    client.call(requestEasyAuth, { ...byLink(urlToken), body: { provider } }),
  /**
   * Completes easy-auth with the provider's result token, the same call the broker's callback
   * makes; the page makes it when the broker returns the signer to the page with the token.
   */
  completeEasyAuth: (urlToken: string, resultToken: string) =>
    client.call(verifyEasyAuth, { ...quiet, query: { signerToken: urlToken }, body: resultToken }),
  document: (signerToken: string) => client.call(getSignerDocument, bySigner(signerToken)),
  markViewed: (signerToken: string) => client.call(viewAsSigner, bySigner(signerToken)),
  sign: (signerToken: string, body: SignBody) => client.call(signAsSigner, { ...bySigner(signerToken), body }),
  decline: (signerToken: string, reason: string) => client.call(rejectAsSigner, { ...bySigner(signerToken), body: { reason } }),
  pdf: (signerToken: string) => client.call(downloadSignerPdf, bySigner(signerToken)) as Promise<Blob>,
};
