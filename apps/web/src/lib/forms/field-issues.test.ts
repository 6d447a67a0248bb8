import { LoginBodySchema, NewPasswordSchema } from '@legal/api';
import { describe, expect, it } from 'vitest';
import { fieldIssues } from './field-issues';

describe('fieldIssues', () => {
  it('keeps the first issue of each field of a shared schema', () => {
    const issues = fieldIssues(LoginBodySchema.safeParse({ loginId: '   ', password: '' }));
    expect(Object.keys(issues).sort()).toEqual(['loginId', 'password']);
    expect(issues.loginId?.code).toBe('too_small');
    expect(fieldIssues(LoginBodySchema.safeParse({ loginId: 'a', password: 'b' }))).toEqual({});
  });

  it("files issues of a plain value under ''", () => {
    expect(fieldIssues(NewPasswordSchema.safeParse('short'))['']?.code).toBe('custom');
  });
});
