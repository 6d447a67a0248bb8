import type { Readable } from 'node:stream';
import type { Tx } from '../../../platform/db/client';
import type { RequestContext, TenantScope } from '../../../platform/http/context';
import { AppError } from '../../../platform/http/errors';
import type { AppServices } from '../../../platform/services';
import { auditMetaOf, recordAudit } from '../../../platform/audit/audit';
import { filesRepo as files } from '../../files';
import { LOCK_MS } from './contract-documents.service';
import { storeStream, writeMainRevision } from './contract-documents.store';
import { deleteLock, extendLock, findMainDocument, liveLock, type LockRow, writeLock } from './contract-documents.repo';
import { verifyWopiToken, type WopiClaims, wopiKeyOf } from './contract-wopi.token';
import { allow, type ContractActor } from '../contracts.policy';
import * as repo from '../contracts.repo';
import { frozenAmong } from '../contracts.state';
import { memberActor } from '../contracts.visibility';

/**
 * The WOPI host of the contract's main document: what a WOPI client (Collabora Online, Office
 * Online Server) calls while a user edits the document in Word. The access token (contract-wopi.token.ts)
 * is the only credential; every call re-reads the user's membership and rights on the contract.
 * Status codes follow the WOPI protocol: 401 bad token, 404 document or access gone, 409 lock
 * mismatch (with X-WOPI-Lock holding the current lock, '' when unlocked), 412, 413, 501.
 */

type Services = Pick<AppServices, 'db' | 'storage' | 'jobs' | 'config' | 'logger'>;
type Client = Pick<RequestContext, 'ip' | 'userAgent'>;

/** A WOPI answer without a body: its status and headers. */
export class WopiError extends Error {
  constructor(
    readonly status: number,
    readonly headers: Record<string, string> = {},
    reason?: string,
  ) {
    super(reason ?? `WOPI ${status}`);
    this.name = 'WopiError';
  }
}

const LOCK_HEADER = 'X-WOPI-Lock';
/** The protocol's longest lock id. */
const MAX_LOCK_LENGTH = 1024;

const mismatch = (current: LockRow | null, reason: string) =>
  new WopiError(409, { [LOCK_HEADER]: current?.lockId ?? '', 'X-WOPI-LockFailureReason': reason }, reason);

/** The files module's and the contract's refusals in WOPI terms. */
export function asWopiError(err: unknown): WopiError | null {
  if (err instanceof WopiError) return err;
  if (!(err instanceof AppError)) return null;
  switch (err.code) {
    case 'ERROR_UNAUTHORIZED':
      return new WopiError(401);
    case 'ERROR_NOT_FOUND':
    case 'ERROR_FORBIDDEN':
      return new WopiError(404);
    case 'ERROR_FILE_TOO_LARGE':
    case 'ERROR_EXCEEDED_STORAGE_LIMIT':
      return new WopiError(413, {}, err.code);
    case 'ERROR_UNSUPPORTED_FILE_TYPE':
      return new WopiError(415, {}, err.code);
    case 'ERROR_VALIDATION':
      return new WopiError(400);
    default:
      return null;
  }
}

interface WopiSession {
  claims: WopiClaims;
  scope: TenantScope;
  actor: ContractActor;
  contract: repo.ContractRow;
  main: files.FileRow;
  canUpdate: boolean;
  isFrozen: boolean;
}

/** The token (401), then the user, contract and document as they are now (404 when any is gone or unreadable). */
async function openSession(services: Services, fileId: string, token: string | undefined): Promise<WopiSession> {
  const key = wopiKeyOf(services.config);
  const claims = key ? verifyWopiToken(key, token) : null;
  if (!claims || claims.fileKey !== fileId) throw new WopiError(401);
  const scope: TenantScope = { tenantId: claims.tenantId, workspaceId: claims.workspaceId };
  const actor = await memberActor(services.db, scope, claims.userId);
  const contract = actor ? await repo.unsafeFindContract(services.db, scope, claims.contractId) : null;
  if (!actor || !contract) throw new WopiError(404);
  const facts = await repo.factsOf(services.db, scope, contract);
  if (!allow(actor, 'contract.read', facts)) throw new WopiError(404);
  const main = await findMainDocument(services.db, scope, contract.id);
  if (main?.fileKey !== claims.fileKey) throw new WopiError(404);
  return { claims, scope, actor, contract, main, canUpdate: allow(actor, 'contract.update', facts), isFrozen: frozenAmong(contract.status, ['files']).length > 0 };
}

async function currentRevision(services: Services, s: WopiSession): Promise<files.RevisionSummary> {
  const revision = await files.findRevision(services.db, s.scope, s.main.id, s.main.currentRevision);
  if (!revision) throw new WopiError(404);
  return revision;
}

const EXTENSIONS: Record<string, string> = { docx: '.docx', pdf: '.pdf', txt: '.txt', hwp: '.hwp', hwpx: '.hwpx', xlsx: '.xlsx', pptx: '.pptx' };

/** The editor decides what it opens by the extension of BaseFileName. */
function baseFileName(displayName: string, fileType: string): string {
  const extension = EXTENSIONS[fileType] ?? '';
  return extension && !displayName.toLowerCase().endsWith(extension) ? `${displayName}${extension}` : displayName;
}

/** CheckFileInfo: the document and what this user may do with it. */
export async function checkFileInfo(services: Services, fileId: string, token: string | undefined) {
  const s = await openSession(services, fileId, token);
  const revision = await currentRevision(services, s);
  const names = await repo.displayNames(services.db, s.scope, [s.claims.userId]);
  const canWrite = s.canUpdate && !s.isFrozen;
  return {
    BaseFileName: baseFileName(s.main.displayName, revision.fileType),
    OwnerId: String(s.main.uploadedByUserId ?? s.contract.ownerUserId),
    Size: revision.size,
    UserId: String(s.claims.userId),
    UserFriendlyName: names.get(s.claims.userId) ?? String(s.claims.userId),
    Version: String(revision.revision),
    LastModifiedTime: revision.createdAt.toISOString(),
    SHA256: Buffer.from(revision.sha256, 'hex').toString('base64'),
    BreadcrumbDocName: s.contract.title,
    UserCanWrite: canWrite,
    ReadOnly: !canWrite,
    UserCanNotWriteRelative: true,
    UserCanRename: false,
    SupportsLocks: true,
    SupportsGetLock: true,
    SupportsExtendedLockLength: true,
    SupportsUpdate: true,
    SupportsRename: false,
    IsAnonymousUser: false,
  };
}

/** GetFile: the current bytes; 412 past X-WOPI-MaxExpectedSize. */
export async function getFile(services: Services, fileId: string, token: string | undefined, maxExpectedSize: number | undefined): Promise<{ revision: files.RevisionSummary; open: () => Promise<Readable> }> {
  const s = await openSession(services, fileId, token);
  const revision = await currentRevision(services, s);
  if (maxExpectedSize !== undefined && revision.size > maxExpectedSize) throw new WopiError(412);
  return { revision, open: () => services.storage.get(revision.storageKey) };
}

function lockIdOf(value: string | undefined): string {
  if (!value || value.length > MAX_LOCK_LENGTH) throw new WopiError(400, {}, 'X-WOPI-Lock is required (at most 1024 characters)');
  return value;
}

/** Runs a lock change with the contract row locked, so two editors' calls never interleave. */
async function withContractLocked<T>(services: Services, s: WopiSession, work: (tx: Tx, current: LockRow | null) => Promise<T>): Promise<T> {
  return services.db.transaction(async (tx) => {
    if (!(await repo.unsafeFindContract(tx, s.scope, s.contract.id, { forUpdate: true }))) throw new WopiError(404);
    return work(tx, await liveLock(tx, s.scope, s.contract.id, new Date()));
  });
}

export interface LockRequest {
  override: string | undefined;
  lock: string | undefined;
  oldLock: string | undefined;
}

/**
 * LOCK, GET_LOCK, REFRESH_LOCK, UNLOCK and UnlockAndRelock (LOCK with X-WOPI-OldLock, or the
 * override UNLOCK_AND_RELOCK). Answers the headers of the 200; refusals throw a WopiError.
 */
export async function lockOperation(services: Services, fileId: string, token: string | undefined, request: LockRequest, client: Client): Promise<Record<string, string>> {
  const s = await openSession(services, fileId, token);
  const override = (request.override ?? '').trim().toUpperCase();
  const contractId = s.contract.id;
  const meta = { ...auditMetaOf(client, s.claims.userId), ...s.scope };
  const expiresAt = () => new Date(Date.now() + LOCK_MS);
  const isRelock = override === 'UNLOCK_AND_RELOCK' || (override === 'LOCK' && request.oldLock !== undefined);

  if (override === 'GET_LOCK') {
    const current = await liveLock(services.db, s.scope, contractId, new Date());
    return { [LOCK_HEADER]: current?.lockId ?? '' };
  }
  if (override === 'LOCK' || override === 'UNLOCK_AND_RELOCK') {
    const lockId = lockIdOf(request.lock);
    const oldLock = isRelock ? lockIdOf(request.oldLock) : undefined;
    if (!s.canUpdate) throw new WopiError(404);
    return withContractLocked(services, s, async (tx, current) => {
      if (s.isFrozen) throw mismatch(current, 'the contract is under approval or signing: its document is frozen');
      if (isRelock) {
        if (current?.lockId !== oldLock) throw mismatch(current, current ? 'the old lock does not match' : 'the file is not locked');
      } else if (current && current.lockId !== lockId) {
        throw mismatch(current, 'the file is locked by another editor session');
      }
      if (current && current.lockId === lockId) await extendLock(tx, s.scope, contractId, expiresAt());
      else {
        await writeLock(tx, s.scope, contractId, { fileKey: s.main.fileKey, lockId, userId: s.claims.userId, expiresAt: expiresAt() });
        await recordAudit(tx, { type: 'contract.document_locked', data: { contractId, fileKey: s.main.fileKey, lockId } }, meta);
      }
      return {};
    });
  }
  if (override === 'REFRESH_LOCK' || override === 'UNLOCK') {
    const lockId = lockIdOf(request.lock);
    if (override === 'REFRESH_LOCK' && !s.canUpdate) throw new WopiError(404);
    return withContractLocked(services, s, async (tx, current) => {
      if (current?.lockId !== lockId) throw mismatch(current, current ? 'the lock does not match' : 'the file is not locked');
      if (override === 'REFRESH_LOCK') await extendLock(tx, s.scope, contractId, expiresAt());
      else {
        await deleteLock(tx, s.scope, contractId);
        await recordAudit(tx, { type: 'contract.document_unlocked', data: { contractId, fileKey: s.main.fileKey, lockId } }, meta);
      }
      return {};
    });
  }
  throw new WopiError(501, {}, `unsupported operation ${override || '(none)'}`);
}

/**
 * The lock rule of PutFile: with a live lock, X-WOPI-Lock must hold it; without one, only an
 * empty (0-byte) document may be written (the protocol's rule for new files).
 */
function assertPutAllowed(current: LockRow | null, lockHeader: string | undefined, currentSize: number): void {
  if (current) {
    if (current.lockId !== lockHeader) throw mismatch(current, 'the lock does not match');
  } else if (currentSize !== 0) {
    throw mismatch(null, 'the file is not locked');
  }
}

/** PutFile: the body becomes the main document's next revision (extracted again, audited). */
export async function putFile(
  services: Services,
  fileId: string,
  token: string | undefined,
  input: { lock: string | undefined; contentLength: number | undefined; body: AsyncIterable<Buffer> },
  client: Client,
): Promise<{ version: string }> {
  const s = await openSession(services, fileId, token);
  if (!s.canUpdate) throw new WopiError(404);
  const contractId = s.contract.id;
  const current = await liveLock(services.db, s.scope, contractId, new Date());
  if (s.isFrozen) throw mismatch(current, 'the contract is under approval or signing: its document is frozen');
  const revision = await currentRevision(services, s);
  assertPutAllowed(current, input.lock, revision.size);
  if (input.contentLength !== undefined && input.contentLength > services.config.files.uploadMaxBytes) throw new WopiError(413, {}, 'ERROR_FILE_TOO_LARGE');
  const bytes = await storeStream(services, s.scope, input.body, { name: s.main.displayName });
  try {
    const saved = await writeMainRevision(services, {
      scope: s.scope,
      actor: s.actor,
      contractId,
      ctx: client,
      bytes,
      isNameKept: true,
      checkLock: async (tx, main) => {
        if (main?.fileKey !== s.main.fileKey) throw new WopiError(404);
        const size = (await files.findRevision(tx, s.scope, main.id, main.currentRevision))?.size ?? 0;
        assertPutAllowed(await liveLock(tx, s.scope, contractId, new Date()), input.lock, size);
      },
      event: (saved) => ({ type: 'contract.document_edited', data: { contractId, fileKey: saved.fileKey, revision: saved.revision, size: saved.size, editor: 'WOPI' } }),
    });
    return { version: String(saved.revision) };
  } catch (err) {
    // A status change in between (the document became frozen): a refusal in lock terms.
    if (err instanceof AppError && err.code === 'ERROR_CONFLICT') throw mismatch(await liveLock(services.db, s.scope, contractId, new Date()), err.message);
    throw err;
  }
}
