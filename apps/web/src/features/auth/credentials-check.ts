import { AUTH_LIMITS, passwordLength, type LoginBody } from '@legal/api';

export type CredentialsIssue = 'required' | 'tooLong';
export type CredentialsIssues = Partial<Record<keyof LoginBody, CredentialsIssue>>;

/**
 * The sign-in form's check before sending: LoginBodySchema's rules (the login id trimmed, then 1
 * to 320 characters; the password 1 to 1024; characters are code points, as zod counts them),
 * written out so that the first screen ships no zod.
 * The server validates with the schema itself; credentials-check.test.ts proves both agree.
 */
export function credentialsIssues(values: LoginBody): CredentialsIssues {
  const issues: CredentialsIssues = {};
  const loginId = values.loginId.trim();
  if (loginId.length < 1) issues.loginId = 'required';
  else if (passwordLength(loginId) > AUTH_LIMITS.loginIdMaxLength) issues.loginId = 'tooLong';
  if (values.password.length < 1) issues.password = 'required';
  else if (passwordLength(values.password) > AUTH_LIMITS.loginPasswordMaxLength) issues.password = 'tooLong';
  return issues;
}
