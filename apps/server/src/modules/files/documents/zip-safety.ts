import type { SafetyVerdict } from './document-types';

export interface ZipLimits {
  maxEntries: number;
  maxTotalUncompressed: number;
  /** Largest uncompressed size of one entry (declared, and then actually produced when inflated). */
  maxEntryUncompressed: number;
  /** Largest allowed uncompressed/compressed ratio of one entry. */
  maxRatio: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 10_000,
  maxTotalUncompressed: 512 * 1024 * 1024,
  maxEntryUncompressed: 256 * 1024 * 1024,
  maxRatio: 200,
};

/** Entries this small cannot do harm whatever their ratio (a 2 KB run of spaces compresses 200x). */
const RATIO_FLOOR_BYTES = 1024 * 1024;

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;

export interface ZipEntryInfo {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
  /** 0 stored, 8 deflated; anything else is refused when inflating. */
  method: number;
  crc32: number;
  /** Where the entry's local header starts. */
  localOffset: number;
}

/**
 * Reads the central directory without inflating anything and refuses archives that are corrupt,
 * have too many entries, expand too much in total, or hold an entry with a bomb-like ratio.
 */
export function checkZipSafety(bytes: Buffer, limits: Partial<ZipLimits> = {}): SafetyVerdict {
  const max = { ...DEFAULT_ZIP_LIMITS, ...limits };
  const directory = readCentralDirectory(bytes, max.maxEntries);
  if (!directory.ok) return directory;
  let total = 0;
  for (const entry of directory.entries) {
    total += entry.uncompressedSize;
    if (total > max.maxTotalUncompressed || entry.uncompressedSize > max.maxEntryUncompressed) return { ok: false, reason: 'TOO_LARGE_UNCOMPRESSED' };
    if (entry.uncompressedSize > RATIO_FLOOR_BYTES) {
      const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
      if (ratio > max.maxRatio) return { ok: false, reason: 'SUSPICIOUS_RATIO' };
    }
  }
  return { ok: true };
}

type DirectoryResult = { ok: true; entries: ZipEntryInfo[] } | { ok: false; reason: 'TOO_MANY_ENTRIES' | 'CORRUPT' };

/** Parses the end-of-central-directory record (ZIP64 aware) and every central directory header. */
export function readCentralDirectory(bytes: Buffer, maxEntries = DEFAULT_ZIP_LIMITS.maxEntries): DirectoryResult {
  const eocd = findEocd(bytes);
  if (eocd < 0) return { ok: false, reason: 'CORRUPT' };
  let entryCount = bytes.readUInt16LE(eocd + 10);
  let directorySize = bytes.readUInt32LE(eocd + 12);
  let directoryOffset = bytes.readUInt32LE(eocd + 16);

  const locator = eocd - 20;
  if (locator >= 0 && bytes.readUInt32LE(locator) === ZIP64_LOCATOR_SIGNATURE) {
    const zip64Offset = Number(bytes.readBigUInt64LE(locator + 8));
    if (zip64Offset + 56 > bytes.length || bytes.readUInt32LE(zip64Offset) !== ZIP64_EOCD_SIGNATURE) {
      return { ok: false, reason: 'CORRUPT' };
    }
    entryCount = Number(bytes.readBigUInt64LE(zip64Offset + 32));
    directorySize = Number(bytes.readBigUInt64LE(zip64Offset + 40));
    directoryOffset = Number(bytes.readBigUInt64LE(zip64Offset + 48));
  }
  if (entryCount > maxEntries) return { ok: false, reason: 'TOO_MANY_ENTRIES' };
  if (directoryOffset + directorySize > bytes.length) return { ok: false, reason: 'CORRUPT' };

  const entries: ZipEntryInfo[] = [];
  let offset = directoryOffset;
  const end = directoryOffset + directorySize;
  while (offset < end) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== CENTRAL_SIGNATURE) return { ok: false, reason: 'CORRUPT' };
    if (entries.length >= maxEntries) return { ok: false, reason: 'TOO_MANY_ENTRIES' };
    const method = bytes.readUInt16LE(offset + 10);
    const crc32 = bytes.readUInt32LE(offset + 16);
    let compressedSize = bytes.readUInt32LE(offset + 20);
    let uncompressedSize = bytes.readUInt32LE(offset + 24);
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    let localOffset = bytes.readUInt32LE(offset + 42);
    const next = offset + 46 + nameLength + extraLength + commentLength;
    if (next > end) return { ok: false, reason: 'CORRUPT' };
    const name = bytes.toString('utf8', offset + 46, offset + 46 + nameLength);
    if (uncompressedSize === 0xffffffff || compressedSize === 0xffffffff || localOffset === 0xffffffff) {
      const zip64 = readZip64Sizes(bytes.subarray(offset + 46 + nameLength, offset + 46 + nameLength + extraLength), uncompressedSize, compressedSize, localOffset);
      if (!zip64) return { ok: false, reason: 'CORRUPT' };
      ({ uncompressedSize, compressedSize, localOffset } = zip64);
    }
    if (localOffset >= directoryOffset) return { ok: false, reason: 'CORRUPT' };
    entries.push({ name, compressedSize, uncompressedSize, method, crc32, localOffset });
    offset = next;
  }
  if (entries.length !== entryCount) return { ok: false, reason: 'CORRUPT' };
  return { ok: true, entries };
}

function findEocd(bytes: Buffer): number {
  const lowest = Math.max(0, bytes.length - (22 + 0xffff));
  for (let i = bytes.length - 22; i >= lowest; i -= 1) {
    if (bytes.readUInt32LE(i) === EOCD_SIGNATURE && i + 22 + bytes.readUInt16LE(i + 20) <= bytes.length) return i;
  }
  return -1;
}

function readZip64Sizes(
  extra: Buffer,
  uncompressed: number,
  compressed: number,
  local: number,
): { uncompressedSize: number; compressedSize: number; localOffset: number } | null {
  let offset = 0;
  while (offset + 4 <= extra.length) {
    const id = extra.readUInt16LE(offset);
    const size = extra.readUInt16LE(offset + 2);
    if (id === 0x0001) {
      let field = offset + 4;
      let u = uncompressed;
      let c = compressed;
      if (u === 0xffffffff) {
        if (field + 8 > extra.length) return null;
        u = Number(extra.readBigUInt64LE(field));
        field += 8;
      }
      if (c === 0xffffffff) {
        if (field + 8 > extra.length) return null;
        c = Number(extra.readBigUInt64LE(field));
        field += 8;
      }
      let l = local;
      if (l === 0xffffffff) {
        if (field + 8 > extra.length) return null;
        l = Number(extra.readBigUInt64LE(field));
      }
      return { uncompressedSize: u, compressedSize: c, localOffset: l };
    }
    offset += 4 + size;
  }
  return null;
}

/** Refuses XML carrying a DTD or entity declarations (XXE, billion laughs). */
export function checkXmlSafety(xml: string): SafetyVerdict {
  if (/<!DOCTYPE/i.test(xml) || /<!ENTITY/i.test(xml)) return { ok: false, reason: 'DTD_OR_ENTITY' };
  return { ok: true };
}
