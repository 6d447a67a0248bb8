import { LoginBodySchema, type LoginBody } from '@legal/api';
import { describe, expect, it } from 'vitest';
import { fieldIssues } from '../../lib/forms/field-issues';
import { credentialsIssues } from './credentials-check';

/** What the form showed when it checked with LoginBodySchema: too_big is "too long", any other issue "required". */
function schemaIssues(values: LoginBody) {
  const issues = fieldIssues(LoginBodySchema.safeParse(values));
  return Object.fromEntries(Object.entries(issues).map(([field, issue]) => [field, issue!.code === 'too_big' ? 'tooLong' : 'required']));
}

const ids = ['', ' ', ' \t\n ', 'a', ' a ', 'admin@hanbit.example', '\u00a0x\u00a0', '\u3000', '한'.repeat(320), 'a'.repeat(320), 'a'.repeat(321), ` ${'a'.repeat(320)} `, '😀'.repeat(320), '😀'.repeat(321), `${'a'.repeat(319)}\ud800`, `${'a'.repeat(320)}\udc00`];
const passwords = ['', ' ', 'x', 'Demo-pass-2026!', 'p'.repeat(1024), 'p'.repeat(1025), '😀'.repeat(1024), '😀'.repeat(1025), '\ud800', `${'p'.repeat(1023)}\ud800\udc00`, `${'p'.repeat(1024)}\udc00`, ` ${'p'.repeat(1023)}`];

describe('credentialsIssues', () => {
  it('agrees with LoginBodySchema on every login id and password', () => {
    for (const loginId of ids) {
      for (const password of passwords) {
        expect(credentialsIssues({ loginId, password }), JSON.stringify({ loginId: loginId.slice(0, 12), l: loginId.length, p: password.length })).toEqual(schemaIssues({ loginId, password }));
      }
    }
  });

  it('names the problem of each field', () => {
    expect(credentialsIssues({ loginId: '  ', password: '' })).toEqual({ loginId: 'required', password: 'required' });
    expect(credentialsIssues({ loginId: 'a'.repeat(321), password: 'p'.repeat(1025) })).toEqual({ loginId: 'tooLong', password: 'tooLong' });
    expect(credentialsIssues({ loginId: ' admin@hanbit.example ', password: ' ' })).toEqual({});
  });
});
