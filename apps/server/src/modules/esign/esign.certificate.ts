import { SIGNING_CERTIFICATE_LIMITS, type SigningCertificateView } from '@legal/api';
import type { FastifyRequest } from 'fastify';
import { auditMetaOf, recordAudit } from '../../platform/audit/audit';
import { inScope } from '../../platform/db/tenancy';
import { requirePermission } from '../../platform/http/access';
import { type RequestContext, tenantScope, type TenantScope } from '../../platform/http/context';
import { AppError, notFound, validationError } from '../../platform/http/errors';
import type { AppServices } from '../../platform/services';
import { memberDisplayNames, unimpersonatedUser } from '../auth';
import { sealWith } from './esign.keys';
import { CertificateProblemError, type CertificateDetails, describeCertificatePem, importSigningIdentity } from './pdf';
import { signingIdentities, uploadedSigningCertificates } from './esign.table';
import './esign.audit';

/**
 * A workspace's own signing certificate (docs/esign.md): admins (workspace.config.write) upload a
 * PKCS#12 with its password, see what signs, and delete it to return to the generated one.
 */

const CONFIG_PERMISSION = 'workspace.config.write';

/** The sealing context of an uploaded identity: its ciphertext opens in this workspace only. */
export const uploadedIdentityContext = (scope: TenantScope) => `esign-uploaded-identity:${scope.tenantId}:${scope.workspaceId}`;

function adminScope(ctx: RequestContext) {
  requirePermission(ctx, CONFIG_PERMISSION);
  return tenantScope(ctx);
}

const details = (d: CertificateDetails) => ({
  subject: d.subject, issuer: d.issuer, serialNumber: d.serialNumber, notBefore: d.notBefore.toISOString(), notAfter: d.notAfter.toISOString(), fingerprintSha256: d.fingerprintSha256,
});

async function view(services: Pick<AppServices, 'db'>, scope: TenantScope, now = new Date()): Promise<SigningCertificateView> {
  const [[uploaded], [generated]] = await Promise.all([
    services.db.select().from(uploadedSigningCertificates).where(inScope(uploadedSigningCertificates, scope)),
    services.db.select({ certificatePem: signingIdentities.certificatePem }).from(signingIdentities).where(inScope(signingIdentities, scope)),
  ]);
  const names = await memberDisplayNames(services.db, scope, [uploaded?.uploadedByUserId ?? null]);
  const isExpired = uploaded ? uploaded.notAfter.getTime() <= now.getTime() : false;
  return {
    inUse: uploaded && !isExpired ? 'UPLOADED' : generated ? 'GENERATED' : null,
    uploaded: uploaded
      ? {
          ...details(uploaded),
          uploadedAt: uploaded.createdAt.toISOString(),
          uploadedBy: uploaded.uploadedByUserId === null ? null : { userId: uploaded.uploadedByUserId, displayName: names.get(uploaded.uploadedByUserId) ?? null },
          isExpired,
        }
      : null,
    generated: generated ? details(describeCertificatePem(generated.certificatePem)) : null,
  };
}

export async function getSigningCertificate(services: AppServices, ctx: RequestContext): Promise<SigningCertificateView> {
  return view(services, adminScope(ctx));
}

/** The parts `password` and `file` in either order: 415 when not multipart, 413 past the size, 400 for a missing part. */
async function receiveCertificate(request: FastifyRequest): Promise<{ p12: Buffer; password: string }> {
  if (!request.isMultipart()) throw new AppError('ERROR_UNSUPPORTED_MEDIA_TYPE', { data: { expected: 'multipart/form-data' } });
  const maxBytes = SIGNING_CERTIFICATE_LIMITS.maxFileBytes;
  let p12: Buffer | null = null;
  let password: string | null = null;
  for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 4 } })) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      p12 = await part.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('ERROR_FILE_TOO_LARGE', { data: { maxBytes } });
        throw err;
      });
      if (part.file.truncated) throw new AppError('ERROR_FILE_TOO_LARGE', { data: { maxBytes } });
    } else if (part.fieldname === 'password' && typeof part.value === 'string') {
      password = part.value;
    }
  }
  const problems = [
    ...(p12 === null || p12.length === 0 ? [{ field: 'body.file', reason: 'a multipart part named file (.p12/.pfx) is required' }] : []),
    ...(password === null ? [{ field: 'body.password', reason: 'a multipart part named password is required (empty when the file has none)' }] : []),
    ...(password !== null && password.length > SIGNING_CERTIFICATE_LIMITS.maxPasswordLength ? [{ field: 'body.password', reason: `at most ${SIGNING_CERTIFICATE_LIMITS.maxPasswordLength} characters` }] : []),
  ];
  if (problems.length > 0) throw validationError(problems);
  return { p12: p12!, password: password! };
}

export async function uploadSigningCertificate(services: AppServices, ctx: RequestContext, request: FastifyRequest): Promise<SigningCertificateView> {
  const scope = adminScope(ctx);
  // Changing what the organisation signs with is not something an impersonated session may do.
  const principal = unimpersonatedUser(ctx, CONFIG_PERMISSION);
  const { p12, password } = await receiveCertificate(request);
  let identity;
  try {
    identity = importSigningIdentity(p12, password);
  } catch (err) {
    if (err instanceof CertificateProblemError) throw validationError([{ field: `body.${err.field}`, reason: err.problem }]);
    throw err;
  }
  const sealed = sealWith(services.config, JSON.stringify({ p12: identity.p12.toString('base64'), passphrase: identity.passphrase }), uploadedIdentityContext(scope));
  const values = {
    subject: identity.subject, issuer: identity.issuer, serialNumber: identity.serialNumber, fingerprintSha256: identity.fingerprintSha256,
    certificatePem: identity.certificatePem, sealedP12: sealed, notBefore: identity.notBefore, notAfter: identity.notAfter, uploadedByUserId: principal.userId,
  };
  await services.db.transaction(async (tx) => {
    await tx
      .insert(uploadedSigningCertificates)
      .values({ ...scope, ...values })
      .onConflictDoUpdate({ target: [uploadedSigningCertificates.tenantId, uploadedSigningCertificates.workspaceId], set: { ...values, createdAt: new Date() } });
    await recordAudit(
      tx,
      { type: 'esign.certificate_uploaded', data: { subject: identity.subject, issuer: identity.issuer, serialNumber: identity.serialNumber, notAfter: identity.notAfter.toISOString(), fingerprintSha256: identity.fingerprintSha256 } },
      { ...auditMetaOf(ctx, principal.userId), ...scope },
    );
  });
  return view(services, scope);
}

export async function deleteSigningCertificate(services: AppServices, ctx: RequestContext): Promise<SigningCertificateView> {
  const scope = adminScope(ctx);
  // Changing what the organisation signs with is not something an impersonated session may do.
  const principal = unimpersonatedUser(ctx, CONFIG_PERMISSION);
  await services.db.transaction(async (tx) => {
    const [removed] = await tx.delete(uploadedSigningCertificates).where(inScope(uploadedSigningCertificates, scope)).returning();
    if (!removed) throw notFound();
    await recordAudit(
      tx,
      { type: 'esign.certificate_deleted', data: { subject: removed.subject, serialNumber: removed.serialNumber, fingerprintSha256: removed.fingerprintSha256 } },
      { ...auditMetaOf(ctx, principal.userId), ...scope },
    );
  });
  return view(services, scope);
}
