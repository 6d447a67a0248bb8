import { Readable } from 'node:stream';
import { crc32, createInflateRaw } from 'node:zlib';
import type { SafetyVerdict } from './document-types';
import { checkZipSafety, DEFAULT_ZIP_LIMITS, readCentralDirectory, type ZipEntryInfo, type ZipLimits } from './zip-safety';

/**
 * Inflation under a hard cap on the bytes actually produced. The central directory is only a
 * claim: an archive can declare 1 MiB per entry and inflate to gigabytes. Every entry is inflated
 * as a stream (64 KiB at a time, nothing kept unless asked), and stops as soon as it produces more
 * than it declared, more than `maxEntryUncompressed`, or the archive more than
 * `maxTotalUncompressed` in total. An entry must also end exactly at its declared size with its
 * declared CRC-32, so a third-party reader given the same bytes afterwards inflates no more than we did.
 */

type Refusal = Exclude<SafetyVerdict, { ok: true }>;

const CHUNK_BYTES = 64 * 1024;
const LOCAL_SIGNATURE = 0x04034b50;
/** The parts whose text is checked for DTDs and entities. */
const XML_PART = /\.(xml|rels|hpf)$/i;

export interface ZipInspection {
  verdict: SafetyVerdict;
  /** Bytes the inflater actually produced, over every entry: what the cap bounds. */
  inflatedBytes: number;
}

/**
 * The central-directory check, then every entry really inflated under the caps (streamed and
 * discarded); with `checkXml`, the XML parts are scanned for DTDs and entity declarations on the way.
 */
export async function inspectZip(bytes: Buffer, options: { checkXml?: boolean; limits?: Partial<ZipLimits> } = {}): Promise<ZipInspection> {
  const limits = { ...DEFAULT_ZIP_LIMITS, ...options.limits };
  const verdict = checkZipSafety(bytes, limits);
  if (!verdict.ok) return { verdict, inflatedBytes: 0 };
  const directory = readCentralDirectory(bytes, limits.maxEntries);
  if (!directory.ok) return { verdict: directory, inflatedBytes: 0 };
  let inflatedBytes = 0;
  for (const entry of directory.entries) {
    if (entry.name.endsWith('/')) continue;
    const scanner = options.checkXml && XML_PART.test(entry.name) ? new MarkupDeclarationScanner() : null;
    const room = limits.maxTotalUncompressed - inflatedBytes;
    const result = await inflateEntry(bytes, entry, Math.min(limits.maxEntryUncompressed, room), (chunk) => scanner?.push(chunk));
    inflatedBytes += result.produced;
    if (!result.ok) return { verdict: result.refusal, inflatedBytes };
    if (scanner?.isFound) return { verdict: { ok: false, reason: 'DTD_OR_ENTITY' }, inflatedBytes };
  }
  return { verdict: { ok: true }, inflatedBytes };
}

export async function verifyZip(bytes: Buffer, options: { checkXml?: boolean; limits?: Partial<ZipLimits> } = {}): Promise<SafetyVerdict> {
  return (await inspectZip(bytes, options)).verdict;
}

type Inflated = { ok: true; produced: number } | { ok: false; produced: number; refusal: Refusal };

/**
 * Inflates one entry, handing each produced chunk to `onChunk`, and stops past
 * min(declared size, cap). Corrupt data, an unknown method or a size/CRC mismatch is CORRUPT.
 */
export async function inflateEntry(bytes: Buffer, entry: ZipEntryInfo, cap: number, onChunk: (chunk: Buffer) => void): Promise<Inflated> {
  const corrupt = (produced: number): Inflated => ({ ok: false, produced, refusal: { ok: false, reason: 'CORRUPT' } });
  const start = dataStart(bytes, entry);
  if (start === null || start + entry.compressedSize > bytes.length) return corrupt(0);
  const data = bytes.subarray(start, start + entry.compressedSize);
  const limit = Math.min(entry.uncompressedSize, cap);
  const tooLarge = (produced: number): Inflated => ({ ok: false, produced, refusal: { ok: false, reason: 'TOO_LARGE_UNCOMPRESSED' } });
  let produced = 0;
  let crc = 0;
  if (entry.method === 0) {
    if (data.length > limit) return tooLarge(0);
    for (let at = 0; at < data.length; at += CHUNK_BYTES) {
      const chunk = data.subarray(at, at + CHUNK_BYTES);
      crc = crc32(chunk, crc);
      onChunk(chunk);
    }
    produced = data.length;
  } else if (entry.method === 8) {
    const inflater = Readable.from(slices(data)).pipe(createInflateRaw({ chunkSize: CHUNK_BYTES }));
    try {
      for await (const chunk of inflater as AsyncIterable<Buffer>) {
        produced += chunk.length;
        // Stop the inflater the moment it passes what the entry may produce: nothing more is made.
        if (produced > limit) {
          inflater.destroy();
          return tooLarge(produced);
        }
        crc = crc32(chunk, crc);
        onChunk(chunk);
      }
    } catch {
      return corrupt(produced);
    }
  } else return corrupt(0);
  if (produced !== entry.uncompressedSize || crc !== entry.crc32) return corrupt(produced);
  return { ok: true, produced };
}

/** The first byte of an entry's data, after its local header (whose own sizes are not trusted). */
function dataStart(bytes: Buffer, entry: ZipEntryInfo): number | null {
  const at = entry.localOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL_SIGNATURE) return null;
  return at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
}

function* slices(data: Buffer): Generator<Buffer> {
  for (let at = 0; at < data.length; at += CHUNK_BYTES) yield data.subarray(at, at + CHUNK_BYTES);
}

/**
 * Finds `<!DOCTYPE` or `<!ENTITY` (any case) across chunk boundaries without keeping the part.
 * NUL bytes are dropped first, so UTF-16 XML is caught as well as UTF-8.
 */
class MarkupDeclarationScanner {
  isFound = false;
  private tail = '';

  push(chunk: Buffer): void {
    if (this.isFound) return;
    const text = this.tail + chunk.toString('latin1').replaceAll('\u0000', '').toLowerCase();
    if (text.includes('<!doctype') || text.includes('<!entity')) this.isFound = true;
    this.tail = text.slice(-8);
  }
}

/** One entry of a verified archive, read on demand (JSZip-like, for the extractors). */
export interface SafeZipEntry {
  name: string;
  dir: boolean;
  async(type: 'string'): Promise<string>;
  async(type: 'nodebuffer'): Promise<Buffer>;
}

export interface SafeZip {
  files: Record<string, SafeZipEntry>;
  file(name: string): SafeZipEntry | null;
}

/**
 * Verifies the whole archive under the caps (and its XML parts), then gives access to the entries;
 * each read inflates again under min(declared size, cap), so nothing read can pass the caps.
 */
export async function openVerifiedZip(bytes: Buffer, limits: Partial<ZipLimits> = {}): Promise<{ zip: SafeZip } | { verdict: Refusal }> {
  const max = { ...DEFAULT_ZIP_LIMITS, ...limits };
  const verdict = await verifyZip(bytes, { checkXml: true, limits: max });
  if (!verdict.ok) return { verdict };
  const directory = readCentralDirectory(bytes, max.maxEntries);
  if (!directory.ok) return { verdict: directory };
  const files: Record<string, SafeZipEntry> = {};
  for (const info of directory.entries) {
    const read = async (): Promise<Buffer> => {
      const chunks: Buffer[] = [];
      const result = await inflateEntry(bytes, info, max.maxEntryUncompressed, (chunk) => chunks.push(Buffer.from(chunk)));
      if (!result.ok) throw new Error(`the entry ${info.name} could not be inflated safely (${result.refusal.reason})`);
      return Buffer.concat(chunks);
    };
    const entry = {
      name: info.name,
      dir: info.name.endsWith('/'),
      async: (async (type: 'string' | 'nodebuffer') => {
        const buffer = await read();
        return type === 'string' ? buffer.toString('utf8') : buffer;
      }) as SafeZipEntry['async'],
    };
    files[info.name] = entry;
  }
  return { zip: { files, file: (name) => files[name] ?? null } };
}

/**
 * The archive as mammoth's `file` input: mammoth reads its parts from here, inflated by us under
 * the caps, instead of opening the bytes with its own JSZip. `replaced` parts are read as given
 * (the main document with its numbering written in, extract-docx.ts).
 */
export function mammothZipFile(zip: SafeZip, replaced: ReadonlyMap<string, string> = new Map()) {
  return {
    exists: (name: string) => zip.file(name) !== null,
    read: async (name: string, encoding?: string): Promise<string | Uint8Array> => {
      const entry = zip.file(name);
      if (!entry) throw new Error(`no part ${name}`);
      const given = replaced.get(name);
      const buffer = given === undefined ? await entry.async('nodebuffer') : Buffer.from(given, 'utf8');
      if (encoding === 'base64') return buffer.toString('base64');
      if (encoding) return new TextDecoder(encoding).decode(buffer);
      return buffer;
    },
    write: () => {
      throw new Error('read-only archive');
    },
    toArrayBuffer: () => Promise.reject(new Error('read-only archive')),
  };
}
