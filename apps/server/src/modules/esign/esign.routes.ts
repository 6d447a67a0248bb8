import * as api from '@legal/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http/route';
import type { AppServices } from '../../platform/services';
import * as certificate from './esign.certificate';
import { createDocument, createEnvelope } from './esign.create';
import * as sender from './esign.sender';
import * as signer from './esign.signer';

/** Public signer routes: a tighter per-IP limit than the application's, on top of the per-signer code limits. */
const signerLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } } as const;

/** Catalogue 7.8 (esign): the sender's envelopes, documents/v1 for an API key, and the signer pages. */
export function registerEsignRoutes(app: FastifyInstance, services: AppServices) {
  route(app, api.createEnvelope, ({ ctx, body }) => createEnvelope(services, ctx, body));
  route(app, api.listEnvelopes, ({ ctx, query }) => sender.listEnvelopes(services, ctx, query));
  route(app, api.getEnvelope, ({ ctx, params }) => sender.getEnvelope(services, ctx, params.envelopeId));
  route(app, api.listEnvelopeEvents, ({ ctx, params }) => sender.listEnvelopeEvents(services, ctx, params.envelopeId));
  route(app, api.verifyEnvelope, ({ ctx, params }) => sender.verifyEnvelope(services, ctx, params.envelopeId));
  route(app, api.remindEnvelope, ({ ctx, params }) => sender.remindEnvelope(services, ctx, params.envelopeId));
  route(app, api.voidEnvelope, ({ ctx, params, body }) => sender.voidEnvelope(services, ctx, params.envelopeId, body.reason));
  route(app, api.resendEnvelope, ({ ctx, params, body }) => sender.resendEnvelope(services, ctx, params.envelopeId, body));
  route(app, api.downloadEnvelopePdf, async ({ ctx, params, reply }) => {
    await sender.downloadEnvelopePdf(services, ctx, reply, params.envelopeId);
  });

  route(app, api.createDocument, ({ ctx, body }) => createDocument(services, ctx, body));

  route(app, api.getSigningCertificate, ({ ctx }) => certificate.getSigningCertificate(services, ctx));
  route(app, api.uploadSigningCertificate, ({ ctx, request }) => certificate.uploadSigningCertificate(services, ctx, request));
  route(app, api.deleteSigningCertificate, ({ ctx }) => certificate.deleteSigningCertificate(services, ctx));

  route(app, api.getVerificationMethods, ({ request }) => signer.getVerificationMethods(services, request), signerLimit);
  route(app, api.sendEmailCode, ({ request, reply }) => signer.sendCode(services, request, reply, 'EMAIL'), signerLimit);
  route(app, api.verifyEmailCode, ({ request, body }) => signer.verifyCode(services, request, 'EMAIL', body.code), signerLimit);
  route(app, api.sendOtp, ({ request, reply }) => signer.sendCode(services, request, reply, 'SMS_OTP'), signerLimit);
  route(app, api.verifyOtp, ({ request, query }) => signer.verifyCode(services, request, 'SMS_OTP', query.otp), signerLimit);
  route(app, api.requestEasyAuth, ({ request, body }) => signer.requestEasyAuth(services, request, body.provider), signerLimit);
  route(app, api.verifyEasyAuth, ({ request, query, body }) => signer.verifyEasyAuth(services, request, query.signerToken, body), signerLimit);
  route(app, api.getSignerDocument, ({ request }) => signer.getSignerDocument(services, request), signerLimit);
  route(app, api.downloadSignerPdf, async ({ request, reply }) => {
    await signer.downloadSignerPdf(services, request, reply);
  }, signerLimit);
  route(app, api.viewAsSigner, ({ request }) => signer.viewAsSigner(services, request), signerLimit);
  route(app, api.signAsSigner, ({ request, body }) => signer.signAsSigner(services, request, body), signerLimit);
  route(app, api.rejectAsSigner, ({ request, body }) => signer.rejectAsSigner(services, request, body.reason), signerLimit);
}
