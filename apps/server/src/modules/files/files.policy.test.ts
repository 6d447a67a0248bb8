import { describe, expect, it } from 'vitest';
import { allow, contentDisposition, newFileKey, normalizeDisplayName, parseRange } from './files.policy';

describe('file policy', () => {
  const actor = (permissions: string[], userId = 1) => ({ userId, permissions: new Set(permissions), isSuperAdmin: false });

  it('lets writers manage their own files and file admins every file', () => {
    expect(allow(actor(['file.file.read']), 'file.read')).toBe(true);
    expect(allow(actor(['file.file.read']), 'file.create')).toBe(false);
    expect(allow(actor(['file.file.write']), 'file.delete', { uploadedByUserId: 1 })).toBe(true);
    expect(allow(actor(['file.file.write']), 'file.delete', { uploadedByUserId: 2 })).toBe(false);
    expect(allow(actor(['file.file.admin']), 'file.restore', { uploadedByUserId: 2 })).toBe(true);
  });

  it('makes 22-character base62 keys', () => {
    const keys = new Set(Array.from({ length: 1000 }, newFileKey));
    expect(keys.size).toBe(1000);
    for (const key of keys) expect(key).toMatch(/^[0-9A-Za-z]{22}$/);
  });

  it('normalizes display names: last segment, no controls or bidi overrides, NFC, capped with the extension kept', () => {
    expect(normalizeDisplayName('../../etc/passwd')).toBe('passwd');
    expect(normalizeDisplayName('C:\\Users\\x\\계약서.docx')).toBe('계약서.docx');
    expect(normalizeDisplayName('a\u0000b\u202ec.txt')).toBe('abc.txt');
    expect(normalizeDisplayName('\u1100\u1161.txt')).toBe('가.txt');
    expect(normalizeDisplayName('   ')).toBe('file');
    const long = normalizeDisplayName(`${'가'.repeat(300)}.pdf`);
    expect([...long]).toHaveLength(200);
    expect(long.endsWith('.pdf')).toBe(true);
  });

  it('writes RFC 6266 dispositions with an ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition('계약서 (최종).pdf')).toBe(`attachment; filename="___ (__).pdf"; filename*=UTF-8''%EA%B3%84%EC%95%BD%EC%84%9C%20%28%EC%B5%9C%EC%A2%85%29.pdf`);
    expect(contentDisposition('a"b\\c.txt')).toBe(`attachment; filename="a_b_c.txt"; filename*=UTF-8''a%22b%5Cc.txt`);
  });

  it('parses one byte range', () => {
    expect(parseRange(undefined, 10)).toEqual({ kind: 'full' });
    expect(parseRange('bytes=2-4', 10)).toEqual({ kind: 'partial', start: 2, end: 4 });
    expect(parseRange('bytes=8-', 10)).toEqual({ kind: 'partial', start: 8, end: 9 });
    expect(parseRange('bytes=-3', 10)).toEqual({ kind: 'partial', start: 7, end: 9 });
    expect(parseRange('bytes=5-100', 10)).toEqual({ kind: 'partial', start: 5, end: 9 });
    expect(parseRange('bytes=10-', 10)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=0-1,4-5', 10)).toEqual({ kind: 'full' });
    expect(parseRange('items=0-1', 10)).toEqual({ kind: 'full' });
  });
});
