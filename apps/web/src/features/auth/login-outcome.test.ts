import { ROLE_CODES, ROLE_TEMPLATES } from '@legal/api';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { resources } from '../../test/catalogues';
import { alertLevelOf, describeLoginFailure, formatCountdown, needsAlertDialog } from './login-outcome';

describe('sign-in outcomes', () => {
  it('takes the alert level from alertLevel, else passwordAlertLevel', () => {
    expect(alertLevelOf({ alertLevel: 'NONE', passwordAlertLevel: 'WARN' })).toBe('NONE'); // acknowledged
    expect(alertLevelOf({ passwordAlertLevel: 'EXPIRED' })).toBe('EXPIRED');
    expect(alertLevelOf({})).toBe('NONE');
    expect(needsAlertDialog('WARN')).toBe(true);
    expect(needsAlertDialog('NONE')).toBe(false);
  });

  it('reads lockout details and leaves unreadable ones out', () => {
    const failed = new ApiError({ status: 401, code: 'ERROR_LOGIN_FAILED', message: 'x', data: { currentRetryCount: 3, maxRetryCount: 5 } });
    expect(describeLoginFailure(failed)).toEqual({ kind: 'failed', currentRetryCount: 3, maxRetryCount: 5 });
    const locked = new ApiError({ status: 423, code: 'ERROR_ACCOUNT_LOCKED', message: 'x', data: { lockedUntil: 'not a date' } });
    expect(describeLoginFailure(locked)).toEqual({ kind: 'locked', lockedUntil: null });
    expect(describeLoginFailure(new TypeError('boom'))).toEqual({ kind: 'other', message: null, errorId: null });
  });

  it('formats the code countdown as mm:ss', () => {
    expect(formatCountdown(300)).toBe('05:00');
    expect(formatCountdown(59.2)).toBe('01:00');
    expect(formatCountdown(-4)).toBe('00:00');
  });

  it('names the demo roles as the role catalogue does', () => {
    for (const code of ROLE_CODES) {
      expect(resources.ko.auth.demo.roles[code]).toBe(ROLE_TEMPLATES[code].name.ko);
      expect(resources.en.auth.demo.roles[code]).toBe(ROLE_TEMPLATES[code].name.en);
    }
  });
});
