import { Readable } from 'node:stream';
import { type CreateDocumentBodySchema, type CreateEnvelopeBodySchema, type Envelope, ESIGN_LIMITS, type FieldInputSchema, type PartyInputSchema } from '@legal/api';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { auditMetaOf, recordAudit } from '../../platform/audit/audit';
import type { RequestContext, TenantScope } from '../../platform/http/context';
import { tenantScope } from '../../platform/http/context';
import { AppError, conflict, validationError } from '../../platform/http/errors';
import { requirePermission } from '../../platform/http/access';
import type { AppServices } from '../../platform/services';
import { readableContractDocument } from '../contracts';
import { findFile } from '../files';
import { attachEnvelopeToSigning } from '../workflows';
import { toSignablePdf } from './pdf';
import { envelopeDto } from './esign.present';
import { envelopes, fields as fieldsTable, parties as partiesTable } from './esign.table';
import { openTurns, type TurnServices } from './esign.turns';
import * as repo from './esign.repo';
import './esign.audit';

export const SEND_PERMISSION = 'esign.document.send';

type Services = TurnServices & Pick<AppServices, 'storage' | 'logger'>;
type PartyIn = z.output<typeof PartyInputSchema>;
type FieldIn = z.output<typeof FieldInputSchema>;
interface EnvelopeIn {
  title: string;
  message?: string | undefined;
  signingOrder: 'SEQUENTIAL' | 'PARALLEL';
  expiresAt: string;
  parties: PartyIn[];
  fields: FieldIn[];
}

const DAY_MS = 24 * 3600_000;

/** Everything about the parties and fields that does not need the PDF (400 naming each problem). */
export function envelopeProblems(input: EnvelopeIn, pageCount: number | null, now = new Date()): Array<{ field: string; reason: string }> {
  const problems: Array<{ field: string; reason: string }> = [];
  const expiresAt = new Date(input.expiresAt);
  if (!(expiresAt.getTime() > now.getTime())) problems.push({ field: 'body.expiresAt', reason: 'must be in the future' });
  else if (expiresAt.getTime() > now.getTime() + ESIGN_LIMITS.maxExpiryDays * DAY_MS) problems.push({ field: 'body.expiresAt', reason: `at most ${ESIGN_LIMITS.maxExpiryDays} days ahead` });
  const orders = new Map<number, PartyIn>();
  input.parties.forEach((p, i) => {
    if (orders.has(p.order)) problems.push({ field: `body.parties.${i}.order`, reason: 'each party has its own order' });
    else orders.set(p.order, p);
    if (p.kind === 'EXTERNAL' && !p.email) problems.push({ field: `body.parties.${i}.email`, reason: 'an EXTERNAL party needs an e-mail address (the link is mailed)' });
    if (p.kind === 'EXTERNAL' && p.verificationMethods.includes('SMS_OTP') && !p.phone) problems.push({ field: `body.parties.${i}.phone`, reason: 'SMS_OTP needs a phone number' });
    if (p.kind === 'EXTERNAL' && p.verificationMethods.includes('EASY_AUTH') && !p.phone) problems.push({ field: `body.parties.${i}.phone`, reason: 'EASY_AUTH needs a phone number' });
    if (new Set(p.verificationMethods).size !== p.verificationMethods.length) problems.push({ field: `body.parties.${i}.verificationMethods`, reason: 'each method once' });
  });
  const keys = new Set<string>();
  input.fields.forEach((f, i) => {
    if (keys.has(f.key)) problems.push({ field: `body.fields.${i}.key`, reason: 'keys are unique in the envelope' });
    keys.add(f.key);
    const party = orders.get(f.partyOrder);
    if (!party) problems.push({ field: `body.fields.${i}.partyOrder`, reason: 'no party has this order' });
    else if (party.kind === 'COMPANY' && f.type !== 'SEAL' && f.type !== 'DATE') problems.push({ field: `body.fields.${i}.type`, reason: 'a COMPANY party fills SEAL and DATE fields only (its seal is applied by the seal custodian)' });
    if (pageCount !== null && f.page > pageCount) problems.push({ field: `body.fields.${i}.page`, reason: `the PDF has ${pageCount} page(s)` });
    if (f.x + f.width > 1.0001) problems.push({ field: `body.fields.${i}.width`, reason: 'the field runs past the right edge of the page' });
    if (f.y + f.height > 1.0001) problems.push({ field: `body.fields.${i}.height`, reason: 'the field runs past the bottom of the page' });
  });
  input.parties.forEach((p, i) => {
    if (p.kind === 'COMPANY' && !input.fields.some((f) => f.partyOrder === p.order && f.type === 'SEAL')) problems.push({ field: `body.parties.${i}`, reason: 'a COMPANY party needs a SEAL field' });
  });
  return problems;
}

/** The object key of an envelope's PDFs (tenant-prefixed; never a caller's name). */
export const esignObjectKey = (scope: TenantScope, folder: string, name: string) => `t${scope.tenantId}/w${scope.workspaceId}/esign/${folder}/${name}`;

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

export async function readObject(services: Pick<AppServices, 'storage'>, key: string): Promise<Buffer> {
  return readAll(await services.storage.get(key));
}

interface Origin {
  source: 'CONTRACT' | 'API';
  contractId: number | null;
  senderUserId: number | null;
  apiKeyId: number | null;
  externalReference: string | null;
}

/**
 * The one creation path (contract or documents/v1): the PDF is checked and stored first (outside
 * the transaction; removed again when it fails), then the envelope, its parties and fields, the
 * CREATED event, the workflow's signing step (a contract) and the first turn's mails commit together.
 */
async function createFrom(services: Services, ctx: RequestContext, scope: TenantScope, origin: Origin, input: EnvelopeIn, document: { bytes: Buffer; fileName: string }): Promise<Envelope> {
  const early = envelopeProblems(input, null);
  if (early.length > 0) throw validationError(early);
  const { pdf, info } = await toSignablePdf(document.bytes, document.fileName);
  const problems = envelopeProblems(input, info.pageCount);
  if (problems.length > 0) throw validationError(problems);
  const originalKey = esignObjectKey(scope, randomUUID(), 'original.pdf');
  await services.storage.put(originalKey, Readable.from([pdf]), { maxBytes: Math.max(pdf.length, 1), contentType: 'application/pdf' });
  try {
    return await services.db.transaction(async (tx) => {
      const [e] = await tx
        .insert(envelopes)
        .values({
          ...scope, contractId: origin.contractId, source: origin.source, apiKeyId: origin.apiKeyId, senderUserId: origin.senderUserId, title: input.title,
          message: input.message ?? null, status: 'IN_PROGRESS', signingOrder: input.signingOrder, expiresAt: new Date(input.expiresAt), originalStorageKey: originalKey,
          originalSha256: info.sha256, pages: info.pages.map((p) => ({ width: p.width, height: p.height })), externalReference: origin.externalReference,
        })
        .returning();
      const inserted = await tx
        .insert(partiesTable)
        .values(input.parties.map((p) => ({
          ...scope, envelopeId: e!.id, kind: p.kind, order: p.order, name: p.name, email: p.email ?? null, phone: p.phone ?? null, role: p.role ?? null, locale: p.locale,
          verificationMethods: p.kind === 'EXTERNAL' ? p.verificationMethods : [],
        })))
        .returning();
      const byOrder = new Map(inserted.map((p) => [p.order, p.id]));
      if (input.fields.length > 0) {
        await tx.insert(fieldsTable).values(input.fields.map((f) => ({
          ...scope, envelopeId: e!.id, partyId: byOrder.get(f.partyOrder)!, key: f.key, type: f.type, page: f.page, x: f.x, y: f.y, width: f.width, height: f.height,
          isRequired: f.required, label: f.label ?? null,
        })));
      }
      if (origin.contractId !== null) await attachEnvelopeToSigning(tx, scope, { contractId: origin.contractId, envelopeId: e!.id });
      const meta = { ip: ctx.ip, userAgent: ctx.userAgent ?? null, actorName: await repo.actorNameOf(tx, scope, origin.senderUserId) };
      await repo.appendEvent(tx, scope, e!.id, { type: 'CREATED', ...meta, detail: `${origin.source} ${document.fileName} sha256 ${info.sha256}` });
      await openTurns(tx, services, scope, e!.id, meta);
      await recordAudit(tx, { type: 'esign.envelope_created', data: { envelopeId: e!.id, contractId: origin.contractId, source: origin.source, partyCount: inserted.length } }, { ...auditMetaOf(ctx, origin.senderUserId), ...scope });
      return envelopeDto(tx, scope, (await repo.findEnvelopeRow(tx, scope, e!.id))!);
    });
  } catch (err) {
    await services.storage.delete(originalKey).catch(() => undefined);
    // Two senders at once: the second meets the one-open-envelope-per-contract index.
    if ((err as { code?: string }).code === '23505') throw conflict({ ko: '이 계약에는 진행 중인 서명 요청이 있습니다.', en: 'The contract already has an envelope in progress.' }, { reason: 'ENVELOPE_IN_PROGRESS' });
    throw err;
  }
}

/** POST envelopes/v1: the contract's main document from its signing step. */
export async function createEnvelope(services: Services, ctx: RequestContext, body: z.output<typeof CreateEnvelopeBodySchema>): Promise<Envelope> {
  requirePermission(ctx, SEND_PERMISSION);
  const scope = tenantScope(ctx);
  const doc = await readableContractDocument(services, ctx, body.contractId, undefined);
  const file = await findFile(services.db, scope, doc.fileKey);
  if (!file) throw new AppError('ERROR_NOT_FOUND');
  const bytes = await readObject(services, file.revision.storageKey);
  const userId = ctx.principal?.kind === 'user' ? ctx.principal.userId : null;
  return createFrom(
    services, ctx, scope,
    { source: 'CONTRACT', contractId: body.contractId, senderUserId: userId, apiKeyId: null, externalReference: null },
    { ...body, title: body.title ?? doc.title },
    { bytes, fileName: file.file.displayName },
  );
}

/** POST documents/v1 (an API key): the document travels base64 in the body. */
export async function createDocument(services: Services, ctx: RequestContext, body: z.output<typeof CreateDocumentBodySchema>): Promise<Envelope> {
  const principal = ctx.principal;
  if (principal?.kind !== 'apiKey') throw new AppError('ERROR_UNAUTHORIZED');
  const scope = tenantScope(ctx);
  const text = body.document.contentBase64.replace(/\s/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 === 1) throw validationError([{ field: 'body.document.contentBase64', reason: 'not base64' }]);
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length === 0) throw validationError([{ field: 'body.document.contentBase64', reason: 'empty document' }]);
  if (bytes.length > ESIGN_LIMITS.maxDocumentBytes) throw new AppError('ERROR_FILE_TOO_LARGE', { data: { maxBytes: ESIGN_LIMITS.maxDocumentBytes } });
  return createFrom(
    services, ctx, scope,
    { source: 'API', contractId: null, senderUserId: null, apiKeyId: principal.apiKeyId, externalReference: body.externalReference ?? null },
    body,
    { bytes, fileName: body.document.fileName },
  );
}
