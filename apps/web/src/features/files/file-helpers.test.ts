import { describe, expect, it } from 'vitest';
import { splitSize } from './file-format';
import { readFileFilters, writeFileFilters } from './files-search-params';
import { sanitizeHtml } from './sanitize-html';
import { uploadErrorKey } from './use-file-uploads';
import { ApiError } from '../../lib/api';
import { previewKindOf } from './preview-kind';

describe('splitSize', () => {
  it('picks a readable unit', () => {
    expect(splitSize(0)).toEqual({ value: '0', unit: 'B' });
    expect(splitSize(1023)).toEqual({ value: '1023', unit: 'B' });
    expect(splitSize(1536)).toEqual({ value: '1.5', unit: 'KB' });
    expect(splitSize(5 * 1024 * 1024)).toEqual({ value: '5.0', unit: 'MB' });
    expect(splitSize(300 * 1024 * 1024)).toEqual({ value: '300', unit: 'MB' });
    expect(splitSize(3 * 1024 ** 4)).toEqual({ value: '3072', unit: 'GB' });
  });
});

describe('file filters in the address', () => {
  it('reads leniently and writes only what differs from the defaults', () => {
    const filters = readFileFilters(new URLSearchParams('q=%20계약%20&type=pdf&sort=createdAt,asc&page=3&deleted=1'));
    expect(filters).toEqual({ keyword: '계약', fileType: 'pdf', sort: 'createdAt,asc', page: 3, isDeleted: true });
    expect(writeFileFilters(filters).toString()).toBe('q=%EA%B3%84%EC%95%BD&type=pdf&sort=createdAt%2Casc&deleted=1&page=3');
    expect(readFileFilters(new URLSearchParams('type=exe&sort=evil&page=-1'))).toEqual({ keyword: undefined, fileType: undefined, sort: 'createdAt,desc', page: 1, isDeleted: false });
    expect(writeFileFilters({ sort: 'createdAt,desc', page: 1, isDeleted: false }).toString()).toBe('');
  });
});

describe('sanitizeHtml', () => {
  it('strips event handlers, scripts and javascript: links but keeps the content', () => {
    const html = sanitizeHtml(
      '<p onclick="x()">본문 <a href=" java\tscript:alert(1)" onmouseover="y()">링크</a> <a href="https://example.com">ok</a></p>' +
        '<script>alert(1)</script><img src="data:image/png;base64,AAAA" onerror="z()"><img src="data:text/html,<b>">',
    );
    expect(html).not.toMatch(/onclick|onmouseover|onerror|script|javascript|text\/html/i);
    expect(html).toContain('본문');
    expect(html).toContain('href="https://example.com"');
    expect(html).toContain('src="data:image/png;base64,AAAA"');
  });
});

describe('uploadErrorKey', () => {
  const error = (status: number, code: string, data?: unknown) => new ApiError({ status, code, message: code, data });
  it('names the failures the upload explains itself', () => {
    expect(uploadErrorKey(error(413, 'ERROR_FILE_TOO_LARGE'))).toBe('tooLarge');
    expect(uploadErrorKey(error(415, 'ERROR_UNSUPPORTED_FILE_TYPE', { reason: 'type' }))).toBe('unsupported');
    expect(uploadErrorKey(error(415, 'ERROR_UNSUPPORTED_FILE_TYPE', { reason: 'unsafe zip archive' }))).toBe('unsafeArchive');
    expect(uploadErrorKey(error(400, 'ERROR_EXCEEDED_STORAGE_LIMIT'))).toBe('storageLimit');
    expect(uploadErrorKey(error(500, 'ERROR_INTERNAL'))).toBeNull();
    expect(uploadErrorKey(new Error('x'))).toBeNull();
  });
});

describe('previewKindOf', () => {
  it('previews PDF, DOCX and images from the bytes, the rest from the extracted text', () => {
    expect(['pdf', 'docx', 'png', 'jpeg', 'txt', 'eml', 'hwp'].map((kind) => previewKindOf(kind as never))).toEqual(['pdf', 'docx', 'image', 'image', 'text', 'text', 'text']);
  });
});
