import { describe, expect, it } from 'vitest';
import { isTransientConflict, isUniqueViolation, uniqueConstraintOf } from './pg-errors';

describe('isUniqueViolation', () => {
  const driverError = Object.assign(new Error('duplicate key value violates unique constraint "workspaces_name_key"'), { code: '23505', constraint: 'workspaces_name_key' });

  it('finds 23505 on the error or on an error it wraps', () => {
    expect(isUniqueViolation(driverError)).toBe(true);
    expect(isUniqueViolation(new Error('Failed query', { cause: driverError }))).toBe(true);
    expect(isUniqueViolation(Object.assign(new Error('fk'), { code: '23503' }))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });

  it('narrows to one constraint when asked', () => {
    expect(isUniqueViolation(driverError, 'workspaces_name_key')).toBe(true);
    expect(isUniqueViolation(driverError, 'other_key')).toBe(false);
  });
});

describe('uniqueConstraintOf', () => {
  it('names the constraint of a unique violation, also wrapped, and nothing for other errors', () => {
    const driverError = Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'hashtags_scope_name_key' });
    expect(uniqueConstraintOf(new Error('Failed query', { cause: driverError }))).toBe('hashtags_scope_name_key');
    expect(uniqueConstraintOf(Object.assign(new Error('dup'), { code: '23505' }))).toBeUndefined();
    expect(uniqueConstraintOf(Object.assign(new Error('fk'), { code: '23503', constraint: 'x_fkey' }))).toBeUndefined();
  });
});

describe('isTransientConflict', () => {
  it('finds a deadlock or a serialization failure, also wrapped, and nothing else', () => {
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    expect(isTransientConflict(deadlock)).toBe(true);
    expect(isTransientConflict(new Error('Failed query', { cause: Object.assign(new Error('could not serialize access'), { code: '40001' }) }))).toBe(true);
    expect(isTransientConflict(Object.assign(new Error('dup'), { code: '23505' }))).toBe(false);
    expect(isTransientConflict(new Error('plain'))).toBe(false);
  });
});
