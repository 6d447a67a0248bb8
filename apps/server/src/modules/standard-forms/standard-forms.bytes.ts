import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Tx } from '../../platform/db/client';
import type { TenantScope } from '../../platform/http/context';
import { AppError, validationError } from '../../platform/http/errors';
import { collectStringIssues, stringFault } from '../../platform/http/input-strings';
import type { AppServices } from '../../platform/services';
import { objectKey } from '../../platform/storage/storage';
import { checkContainer, contentDisposition, type FileType, filesRepo, MIME_TYPES, normalizeDisplayName, peek, SNIFF_BYTES, sniffFileType } from '../files';

/**
 * The bytes of templates and attachments: in the object storage (never in the database), stored
 * with the files module's rules (the upload limit 413, the type sniffed from the content 415, ZIP
 * containers checked for bombs and XXE before anything inflates them) under an upload intent, so
 * that bytes whose rows never came are swept. `settle` (in the transaction of the rows) drops the
 * intents; `discard` deletes the bytes of a refused request.
 */

type Services = Pick<AppServices, 'db' | 'storage' | 'config' | 'logger'>;

export interface StoredPart {
  /** The multipart field name (`file`, `attachments`). */
  field: string;
  storageKey: string;
  fileName: string;
  fileType: FileType;
  contentType: string;
  size: number;
  sha256: string;
}

export interface ReceivedParts {
  fields: Record<string, string>;
  parts: StoredPart[];
}

const ZIP_CONTAINERS: ReadonlySet<FileType> = new Set(['docx', 'xlsx', 'pptx', 'hwpx', 'zip']);
const MULTIPART_OVERHEAD_BYTES = 256 * 1024;

const tooLarge = (maxBytes: number) => new AppError('ERROR_FILE_TOO_LARGE', { data: { maxBytes } });
/** Reasons that are about the file's type (the code's own message); any other is an unsafe archive's. */
const TYPE_REASONS = new Set(['UNKNOWN_TYPE', 'NOT_DOCX', 'NOT_A_TEMPLATE']);
export const unsupportedType = (reason: string, detected?: string, message?: { ko: string; en: string }) =>
  new AppError('ERROR_UNSUPPORTED_FILE_TYPE', {
    message: message ?? (TYPE_REASONS.has(reason) ? undefined : { ko: '안전하지 않은 압축 파일이라 받을 수 없습니다.', en: 'The archive is unsafe and was refused.' }),
    data: { reason, ...(detected ? { detectedType: detected } : {}) },
  });

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

export async function readBytes(services: Pick<AppServices, 'storage'>, storageKey: string): Promise<Buffer> {
  return readAll(await services.storage.get(storageKey));
}

/** Deletes stored bytes and their intents (a refused request). */
export async function discard(services: Services, keys: string[]): Promise<void> {
  for (const key of keys) {
    await services.storage.delete(key).catch((err: unknown) => services.logger.warn({ err, storageKey: key }, 'could not delete bytes; the sweep will'));
    await filesRepo.deleteUploadIntent(services.db, key).catch(() => undefined);
  }
}

/** In the transaction that writes the rows naming the bytes: they are no longer pending. */
export async function settle(tx: Tx, keys: string[]): Promise<void> {
  for (const key of keys) await filesRepo.deleteUploadIntent(tx, key);
}

/** Runs `fn`; if it throws, the stored keys go. */
export async function orDiscard<T>(services: Services, keys: string[], fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    await discard(services, keys);
    throw err;
  }
}

async function intent(services: Services, owner: TenantScope): Promise<string> {
  const storageKey = objectKey(owner);
  await filesRepo.insertUploadIntent(services.db, owner, storageKey, new Date(Date.now() + services.config.files.intentTtlMs));
  return storageKey;
}

/**
 * Streams every file part of a multipart request into storage (text fields first; `maxFiles`
 * parts at most, further parts are refused with 409 by the caller's count). On any refusal
 * nothing stays stored.
 */
export async function receiveParts(services: Services, request: FastifyRequest, owner: TenantScope, options: { fileFields: string[]; maxFiles: number }): Promise<ReceivedParts> {
  const maxBytes = services.config.files.uploadMaxBytes;
  const contentLength = Number(request.headers['content-length'] ?? NaN);
  if (Number.isFinite(contentLength) && contentLength > maxBytes * options.maxFiles + MULTIPART_OVERHEAD_BYTES) throw tooLarge(maxBytes);
  if (!request.isMultipart()) throw new AppError('ERROR_UNSUPPORTED_MEDIA_TYPE', { data: { expected: 'multipart/form-data' } });
  const fields: Record<string, string> = {};
  const parts: StoredPart[] = [];
  const keys: string[] = [];
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: options.maxFiles, fields: 20, fieldSize: 64 * 1024 } })) {
      if (part.type === 'field') {
        const issues: Array<{ field: string; reason: string }> = [];
        collectStringIssues('body', { [part.fieldname]: part.value }, issues);
        if (issues.length > 0) throw validationError(issues);
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (!options.fileFields.includes(part.fieldname)) {
        part.file.resume();
        continue;
      }
      const nameFault = part.filename ? stringFault(part.filename) : undefined;
      if (nameFault) {
        part.file.resume();
        throw validationError([{ field: `body.${part.fieldname}.filename`, reason: nameFault }]);
      }
      const { head, body } = await peek(part.file as AsyncIterable<Buffer>, SNIFF_BYTES);
      const fileType = sniffFileType(head, part.filename);
      if (!fileType) {
        body.destroy();
        part.file.resume();
        throw unsupportedType('UNKNOWN_TYPE');
      }
      const storageKey = await intent(services, owner);
      keys.push(storageKey);
      const contentType = MIME_TYPES[fileType];
      const stored = await services.storage.put(storageKey, body, { maxBytes, contentType });
      if (part.file.truncated) throw tooLarge(maxBytes);
      parts.push({ field: part.fieldname, storageKey, fileName: normalizeDisplayName(part.filename ?? 'file'), fileType, contentType, size: stored.size, sha256: stored.sha256 });
    }
    for (const p of parts) {
      if (!ZIP_CONTAINERS.has(p.fileType)) continue;
      const verdict = await checkContainer(await readBytes(services, p.storageKey), p.fileType);
      if (!verdict.ok) throw unsupportedType(verdict.reason, p.fileType);
    }
  } catch (err) {
    await discard(services, keys);
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
    if (code === 'FST_FILES_LIMIT') throw new AppError('ERROR_CONFLICT', { message: { ko: `파일은 한 번에 ${options.maxFiles}개까지 올릴 수 있습니다.`, en: `At most ${options.maxFiles} files at once.` }, data: { maxFiles: options.maxFiles } });
    throw err;
  }
  return { fields, parts };
}

/** Stores bytes the server made (a rendered or generated DOCX, a copy) under an intent. */
export async function storeBuffer(services: Services, owner: TenantScope, bytes: Buffer, fileType: FileType): Promise<Omit<StoredPart, 'field' | 'fileName'>> {
  const storageKey = await intent(services, owner);
  const contentType = MIME_TYPES[fileType];
  const stored = await orDiscard(services, [storageKey], () => services.storage.put(storageKey, Readable.from([bytes]), { maxBytes: Math.max(services.config.files.uploadMaxBytes, bytes.length), contentType }));
  return { storageKey, fileType, contentType, size: stored.size, sha256: stored.sha256 };
}

/** Copies stored bytes to a new key under another owner (copying a form). */
export async function copyStored(services: Services, owner: TenantScope, storageKey: string, contentType: string): Promise<{ storageKey: string; size: number; sha256: string }> {
  const key = await intent(services, owner);
  const stored = await orDiscard(services, [key], async () => services.storage.put(key, await services.storage.get(storageKey), { maxBytes: Number.MAX_SAFE_INTEGER, contentType }));
  return { storageKey: key, size: stored.size, sha256: stored.sha256 };
}

/** Sends bytes as an attachment (RFC 6266 Content-Disposition, nosniff). */
export function sendBytes(reply: FastifyReply, bytes: Buffer | Readable, fileName: string, contentType: string, size?: number) {
  reply
    .header('content-type', contentType)
    .header('content-disposition', contentDisposition(fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-cache');
  if (size !== undefined) reply.header('content-length', size);
  return reply.send(bytes);
}

export const DOCX_TYPE = MIME_TYPES.docx;
export const PDF_TYPE = MIME_TYPES.pdf;

/** A template format's file type and content type. */
export const FORMAT_FILE_TYPES = { DOCX: 'docx', HWPX: 'hwpx', PDF: 'pdf' } as const satisfies Record<string, FileType>;
export const contentTypeOf = (format: keyof typeof FORMAT_FILE_TYPES) => MIME_TYPES[FORMAT_FILE_TYPES[format]];
