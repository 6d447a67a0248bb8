import { CreateNoticeBodySchema, UpdateWorkspaceSettingsBodySchema } from '@legal/api';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import {
  conflictReason, errorReason, formErrorText, schemaErrors, schemaErrorsByPath, serverErrors, serverFieldNames,
} from './form-errors';

const validation = (fieldErrors: unknown) => new ApiError({ status: 400, code: 'ERROR_VALIDATION', message: 'invalid', data: { fieldErrors } });
const conflict = (data: unknown) => new ApiError({ status: 409, code: 'ERROR_CONFLICT', message: 'conflict', data });

describe('schema errors', () => {
  it('keeps the first issue of each top-level field in the form words', () => {
    expect(schemaErrors(CreateNoticeBodySchema.safeParse({ title: 'x'.repeat(500), body: '', noticeType: 'NOPE' }))).toEqual({
      title: { key: 'tooLong' },
      body: { key: 'required' },
      noticeType: { key: 'invalid' },
    });
    expect(schemaErrors({ success: true })).toEqual({});
  });

  it('by path, with numbers out of bounds told apart', () => {
    expect(schemaErrorsByPath(UpdateWorkspaceSettingsBodySchema.safeParse({ name: '', sessionIdleMinutes: 100_000, passwordMaxAgeDays: 0 }))).toEqual({
      name: { key: 'required' },
      passwordMaxAgeDays: { key: 'outOfRange' },
      sessionIdleMinutes: { key: 'outOfRange' },
    });
    expect(schemaErrorsByPath({ success: false, error: { issues: [{ code: 'invalid_type', path: ['theme', 'logo', 'light'], message: '' }] } })).toEqual({ 'theme.logo.light': { key: 'invalid' } });
  });
});

describe('server errors', () => {
  const answer = validation([
    { field: 'body.jobPositionIds.2', reason: 'no such job position' },
    { field: 'body.jobPositionIds.3', reason: 'second reason of the same field' },
    { field: 'body.theme.logo.light', reason: 'not an image' },
    { field: 'query.page', reason: 'not about the form' },
  ]);

  it('files the body errors under their top-level field, or their whole path', () => {
    expect(serverErrors(answer)).toEqual({ jobPositionIds: { text: 'no such job position' }, theme: { text: 'not an image' } });
    expect(serverErrors(answer, { byPath: true })).toEqual({ 'jobPositionIds.2': { text: 'no such job position' }, 'jobPositionIds.3': { text: 'second reason of the same field' }, 'theme.logo.light': { text: 'not an image' } });
    expect(serverFieldNames(answer)).toEqual(new Set(['jobPositionIds', 'theme']));
  });

  it('answers null (a general message) for other failures and for answers without body fields', () => {
    expect(serverErrors(validation([{ field: 'query.page', reason: 'x' }]))).toBeNull();
    expect(serverErrors(conflict({ reason: 'STALE' }))).toBeNull();
    expect(serverErrors(new Error('network'))).toBeNull();
    expect(serverFieldNames(new Error('network')).size).toBe(0);
  });

  it('shows a 409 naming a field under that field when the form has words for it', () => {
    expect(serverErrors(conflict({ field: 'name' }), { conflictKey: 'nameTaken' })).toEqual({ name: { key: 'nameTaken' } });
    expect(serverErrors(conflict({ field: 'name' }))).toBeNull();
  });

  it('reads the reason of an answer', () => {
    expect(errorReason(conflict({ reason: 'REQUEST_OPEN' }))).toBe('REQUEST_OPEN');
    expect(conflictReason(conflict({ reason: 'REQUEST_OPEN' }))).toBe('REQUEST_OPEN');
    expect(conflictReason(conflict(undefined))).toBe('CONFLICT');
    expect(conflictReason(answer)).toBeNull();
    expect(errorReason(new Error('x'))).toBeUndefined();
  });
});

describe('formErrorText', () => {
  it('words a key, passes a server text through', () => {
    const words = (key: string) => `[${key}]`;
    expect(formErrorText({ key: 'required' }, words)).toBe('[required]');
    expect(formErrorText({ text: 'from the server' }, words)).toBe('from the server');
    expect(formErrorText(undefined, words)).toBeUndefined();
  });
});
