import { and, gt } from 'drizzle-orm';
import { inScope } from '../../platform/db/tenancy';
import type { TenantScope } from '../../platform/http/context';
import type { AppServices } from '../../platform/services';
import { findOrganizationName } from '../auth';
import { openWith, sealWith } from './esign.keys';
import { generateSigningIdentity, type SigningIdentity } from './pdf';
import { uploadedIdentityContext } from './esign.certificate';
import { signingIdentities, uploadedSigningCertificates } from './esign.table';

const context = (scope: TenantScope) => `esign-identity:${scope.tenantId}:${scope.workspaceId}`;

function openIdentity(services: Pick<AppServices, 'config'>, sealed: string, context: string, row: { subject: string; certificatePem: string; notAfter: Date }): SigningIdentity {
  const opened = openWith(services.config, sealed, context);
  if (opened === null) throw new Error(`a signing identity (${context}) does not open with ESIGN_SECRET_KEY`);
  const { p12, passphrase } = JSON.parse(opened) as { p12: string; passphrase: string };
  return { p12: Buffer.from(p12, 'base64'), passphrase, subject: row.subject, certificatePem: row.certificatePem, notAfter: row.notAfter };
}

/**
 * What a completion is signed with: the workspace's uploaded certificate while it is valid
 * (esign.certificate.ts), else the generated one. An expired upload is passed over rather than
 * failing the completion; the admin page says so.
 */
export async function workspaceSigningIdentity(services: Pick<AppServices, 'db' | 'config'>, scope: TenantScope, now = new Date()): Promise<SigningIdentity> {
  const [uploaded] = await services.db
    .select()
    .from(uploadedSigningCertificates)
    .where(and(inScope(uploadedSigningCertificates, scope), gt(uploadedSigningCertificates.notAfter, now)));
  if (uploaded) return openIdentity(services, uploaded.sealedP12, uploadedIdentityContext(scope), uploaded);
  return generatedSigningIdentity(services, scope);
}

/**
 * The workspace's generated signing identity: made on its first completion (a self-signed certificate, its
 * PKCS#12 and passphrase sealed with ESIGN_SECRET_KEY). Two first completions at once: the unique
 * index keeps one, and both read it back.
 */
async function generatedSigningIdentity(services: Pick<AppServices, 'db' | 'config'>, scope: TenantScope): Promise<SigningIdentity> {
  const read = async () => {
    const [row] = await services.db.select().from(signingIdentities).where(and(inScope(signingIdentities, scope)));
    return row;
  };
  let row = await read();
  if (!row) {
    const name = (await findOrganizationName(services.db, scope, 'en')) ?? `workspace ${scope.workspaceId}`;
    const made = generateSigningIdentity({ commonName: `${name} e-sign`, organization: name });
    const sealed = sealWith(services.config, JSON.stringify({ p12: made.p12.toString('base64'), passphrase: made.passphrase }), context(scope));
    await services.db
      .insert(signingIdentities)
      .values({ ...scope, subject: made.subject, certificatePem: made.certificatePem, sealedP12: sealed, notAfter: made.notAfter })
      .onConflictDoNothing();
    row = await read();
  }
  return openIdentity(services, row!.sealedP12, context(scope), row!);
}


