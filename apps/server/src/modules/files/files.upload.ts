import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { AppError, validationError } from '../../platform/http/errors';
import { collectStringIssues, stringFault } from '../../platform/http/input-strings';
import { type ObjectStorage, type StoredObject } from '../../platform/storage/storage';
import { MIME_TYPES, type SafetyVerdict, sniffFileType, SNIFF_BYTES, type FileType, verifyZip } from './documents';

/** Types whose bytes are a ZIP container: checked for bombs and entity tricks before anything inflates them. */
const ZIP_CONTAINERS: ReadonlySet<FileType> = new Set(['docx', 'xlsx', 'pptx', 'hwpx', 'zip']);

/** Office and HWPX packages: their XML parts are checked for DTDs and entities (XXE, billion laughs). */
const XML_PACKAGES: ReadonlySet<FileType> = new Set(['docx', 'xlsx', 'pptx', 'hwpx']);

/**
 * The central directory first (nothing inflated), then every entry really inflated as a stream
 * under a hard cap on the bytes produced (a directory can lie about sizes), and, for XML packages,
 * every XML part scanned for DTDs and entities on the way. Nothing inflated is kept.
 */
export async function checkContainer(bytes: Buffer, fileType: FileType): Promise<SafetyVerdict> {
  return verifyZip(bytes, { checkXml: XML_PACKAGES.has(fileType) });
}

/** Room for the multipart framing and text fields on top of the file itself. */
const MULTIPART_OVERHEAD_BYTES = 256 * 1024;

export interface ReceivedFile {
  stored: StoredObject;
  fileType: FileType;
  contentType: string;
  /** The name the client sent, raw (normalize before storing). */
  clientName: string;
  fields: Record<string, string>;
}

/** Splits a stream into its first `n` bytes and a stream of everything (head included) that reads on lazily. */
export async function peek(source: AsyncIterable<Buffer>, n: number): Promise<{ head: Buffer; body: Readable }> {
  const iterator = source[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let length = 0;
  let isDone = false;
  while (length < n) {
    const next = await iterator.next();
    if (next.done) {
      isDone = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const buffered = Buffer.concat(chunks);
  async function* all() {
    try {
      if (buffered.length > 0) yield buffered;
      if (isDone) return;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value;
      }
    } finally {
      if (!isDone) await iterator.return?.();
    }
  }
  return { head: buffered.subarray(0, n), body: Readable.from(all(), { objectMode: false }) };
}

function tooLarge(maxBytes: number) {
  return new AppError('ERROR_FILE_TOO_LARGE', { data: { maxBytes } });
}

function unsupported(reason: string, detected?: string | null) {
  return new AppError('ERROR_UNSUPPORTED_FILE_TYPE', {
    message: {
      ko: reason === 'UNKNOWN_TYPE' ? '지원하지 않는 파일 형식입니다.' : '안전하지 않은 압축 파일이라 받을 수 없습니다.',
      en: reason === 'UNKNOWN_TYPE' ? 'This file type is not supported.' : 'The archive is unsafe and was refused.',
    },
    data: { reason, ...(detected ? { detectedType: detected } : {}) },
  });
}

function mapStreamError(err: unknown, maxBytes: number): unknown {
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'ERROR_FILE_TOO_LARGE') return code === 'FST_FILES_LIMIT' ? err : tooLarge(maxBytes);
  return err;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * Streams the `file` part of a multipart request into storage under `storageKey`: rejects an
 * oversize body (413) without buffering it, sniffs the first SNIFF_BYTES against the allow-list
 * (415), hashes while storing, and checks ZIP containers for bombs and XXE before any inflation.
 * On any refusal nothing stays under the key. Text fields must come before the file part.
 */
export async function receiveUpload(
  request: FastifyRequest,
  storage: ObjectStorage,
  storageKey: string,
  maxBytes: number,
): Promise<ReceivedFile> {
  const contentLength = Number(request.headers['content-length'] ?? NaN);
  if (Number.isFinite(contentLength) && contentLength > maxBytes + MULTIPART_OVERHEAD_BYTES) throw tooLarge(maxBytes);
  if (!request.isMultipart()) {
    throw new AppError('ERROR_UNSUPPORTED_MEDIA_TYPE', { data: { expected: 'multipart/form-data' } });
  }
  const fields: Record<string, string> = {};
  let received: ReceivedFile | undefined;
  try {
    const parts = request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 64 * 1024 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        // The string rule of every route (input-strings.ts) covers the text fields too.
        const issues: Array<{ field: string; reason: string }> = [];
        collectStringIssues('body', { [part.fieldname]: part.value }, issues);
        if (issues.length > 0) throw validationError(issues);
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || received) {
        part.file.resume();
        continue;
      }
      const nameFault = part.filename ? stringFault(part.filename) : undefined;
      if (nameFault) {
        part.file.resume();
        throw validationError([{ field: 'body.file.filename', reason: nameFault }]);
      }
      const { head, body } = await peek(part.file as AsyncIterable<Buffer>, SNIFF_BYTES);
      const fileType = sniffFileType(head, part.filename);
      if (!fileType) {
        body.destroy();
        part.file.resume();
        throw unsupported('UNKNOWN_TYPE');
      }
      const contentType = MIME_TYPES[fileType];
      const stored = await storage.put(storageKey, body, { maxBytes, contentType });
      if (part.file.truncated) throw tooLarge(maxBytes);
      received = { stored, fileType, contentType, clientName: part.filename ?? '', fields };
    }
  } catch (err) {
    await storage.delete(storageKey).catch(() => undefined);
    throw mapStreamError(err, maxBytes);
  }
  if (!received) throw validationError([{ field: 'body.file', reason: 'a multipart part named file is required' }]);
  if (ZIP_CONTAINERS.has(received.fileType)) {
    // The central directory sits at the end: read the stored bytes back (bounded by maxBytes),
    // check entry counts, sizes and ratios, then inflate under the caps (see checkContainer).
    const verdict = await checkContainer(await readAll(await storage.get(storageKey)), received.fileType);
    if (!verdict.ok) {
      await storage.delete(storageKey).catch(() => undefined);
      throw unsupported(verdict.reason, received.fileType);
    }
  }
  return received;
}
