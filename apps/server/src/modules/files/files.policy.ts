import { randomBytes } from 'node:crypto';
import { FILE_LIMITS } from '@legal/api';

/** What a caller may do with files, from the permissions of their membership. */
export type FileAction = 'file.read' | 'file.create' | 'file.update' | 'file.delete' | 'file.restore';

export interface FileActor {
  userId: number;
  permissions: ReadonlySet<string>;
  isSuperAdmin: boolean;
}

/** Pure rule: uploaders manage their own files; `file.file.admin` manages every file of the workspace. */
export function allow(actor: FileActor, action: FileAction, file?: { uploadedByUserId: number | null }): boolean {
  const p = actor.permissions;
  switch (action) {
    case 'file.read':
      return p.has('file.file.read');
    case 'file.create':
      return p.has('file.file.write');
    case 'file.update':
    case 'file.delete':
    case 'file.restore':
      if (p.has('file.file.admin')) return true;
      return p.has('file.file.write') && file !== undefined && file.uploadedByUserId === actor.userId;
  }
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** 22 random base62 characters (~131 bits): the public file key. */
export function newFileKey(): string {
  const bytes = randomBytes(32);
  let key = '';
  for (const b of bytes) {
    if (b >= 248) continue; // 248 = 62 * 4: keeps the distribution uniform
    key += BASE62[b % 62];
    if (key.length === 22) return key;
  }
  return key + newFileKey().slice(0, 22 - key.length);
}

// C0/C1 controls, bidi overrides and isolates, zero-width and BOM characters.
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/**
 * A user-supplied file name made safe to show: the last path segment only, NFC, no control or
 * bidi characters, trimmed, at most 200 characters (keeping the extension). Never used as a path.
 */
export function normalizeDisplayName(raw: string | undefined | null, fallback = 'file'): string {
  let name = (raw ?? '').normalize('NFC').replace(UNSAFE_CHARS, '');
  name = name.split(/[/\\]/).pop() ?? '';
  name = name.replace(/^[.\s]+/, '').replace(/[\s.]+$/, '').replace(/\s+/g, ' ');
  if (name.length === 0 || /^[.]+$/.test(name)) name = fallback;
  const chars = [...name];
  const max = FILE_LIMITS.displayNameMaxLength;
  if (chars.length > max) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 ? [...name.slice(dot)] : [];
    name = ext.length > 0 && ext.length <= 16 ? chars.slice(0, max - ext.length).join('') + ext.join('') : chars.slice(0, max).join('');
  }
  return name;
}

export { contentDisposition } from '../../platform/http/content-disposition';

export type RangeAnswer = { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

/** One `bytes=a-b`, `bytes=a-` or `bytes=-n` range; anything else (several ranges, other units) answers the whole body. */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (!header) return { kind: 'full' };
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return { kind: 'full' };
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return { kind: 'unsatisfiable' };
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
    if (m[2] !== '' && Number(m[2]) < start) return { kind: 'full' };
  }
  if (start >= size || size === 0) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end };
}
