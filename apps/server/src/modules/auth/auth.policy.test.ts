import { describe, expect, it } from 'vitest';
import { PERMISSION_NAMES, ROLE_TEMPLATES } from '@legal/api';
import { afterFailure, alertLevel, canImpersonateMember, isAccessValid, isApiKeyUsable, isLocked, isTrustedOrigin, passwordAlertLevel, refreshAfterSeconds } from './auth.policy';
import { PASSWORD_REASON } from './password-strength';
import { passwordProblems } from './passwords';
import { hashOtp, newOtpCode } from './tokens';

const now = new Date('2026-11-21T00:00:00Z');
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);

describe('identity policy rules', () => {
  it('password alert: NONE, WARN within 14 days, EXPIRED after', () => {
    expect(passwordAlertLevel(null, now)).toBe('NONE');
    expect(passwordAlertLevel(days(15), now)).toBe('NONE');
    expect(passwordAlertLevel(days(14), now)).toBe('WARN');
    expect(passwordAlertLevel(days(0.001), now)).toBe('WARN');
    expect(passwordAlertLevel(now, now)).toBe('EXPIRED');
  });

  it('an acknowledged alert reads NONE until the level changes or the password does', () => {
    const user = { passwordExpiresAt: days(5), passwordChangedAt: days(-80), alertAcknowledgedLevel: 'WARN' as const, alertAcknowledgedAt: days(-1) };
    expect(alertLevel(user, now)).toBe('NONE');
    expect(alertLevel({ ...user, passwordExpiresAt: days(-1) }, now)).toBe('EXPIRED');
    expect(alertLevel({ ...user, passwordChangedAt: now }, now)).toBe('WARN');
  });

  it('lockout: five failures lock for 30 minutes; a spent lock starts over', () => {
    let state = { failedCount: 0, lockedUntil: null as Date | null };
    for (let i = 1; i <= 4; i++) {
      const next = afterFailure(state, now);
      expect(next).toMatchObject({ failedCount: i, lockedUntil: null, justLocked: false });
      state = next;
    }
    const locked = afterFailure(state, now);
    expect(locked.justLocked).toBe(true);
    expect(locked.lockedUntil?.getTime()).toBe(now.getTime() + 30 * 60_000);
    expect(isLocked(locked, now)).toBe(true);
    expect(afterFailure(locked, new Date(now.getTime() + 31 * 60_000)).failedCount).toBe(1);
  });

  it('sessions: idle and absolute limits, refresh a minute early', () => {
    const s = { accessExpiresAt: new Date(now.getTime() + 60_000), absoluteExpiresAt: days(14), lastSeenAt: now, idleTimeoutSeconds: 7200, revokedAt: null };
    expect(isAccessValid(s, now)).toBe(true);
    expect(isAccessValid({ ...s, lastSeenAt: new Date(now.getTime() - 7_201_000) }, now)).toBe(false);
    expect(isAccessValid({ ...s, revokedAt: now }, now)).toBe(false);
    expect(isAccessValid(s, new Date(now.getTime() + 61_000))).toBe(false);
    expect(refreshAfterSeconds(new Date(now.getTime() + 900_000), now)).toBe(840);
    expect(refreshAfterSeconds(new Date(now.getTime() + 30_000), now)).toBe(0);
  });

  it('origins: exact match only', () => {
    const trusted = ['https://legal.example.com'];
    expect(isTrustedOrigin('https://legal.example.com', trusted)).toBe(true);
    expect(isTrustedOrigin('https://LEGAL.example.com/', trusted)).toBe(true);
    expect(isTrustedOrigin('https://legal.example.com.evil.io', trusted)).toBe(false);
    expect(isTrustedOrigin('null', trusted)).toBe(false);
  });

  it('passwords: code points, then the common list, context words and the zxcvbn score', async () => {
    // 8 code points pass the length rule (24 UTF-8 bytes do not count), 7 do not; 8 characters
    // are 10^8 guesses at most for zxcvbn, below score 3: the usable minimum is longer.
    expect(await passwordProblems('가나다라 마바사')).toEqual([PASSWORD_REASON.guessable]);
    expect(await passwordProblems('가나다 라')).toEqual(['at least 8 characters']);
    expect(await passwordProblems('우리 집 고양이 이름은 나비')).toEqual([]);
    expect(await passwordProblems('Correct-horse-42')).toEqual([]);
    expect(await passwordProblems('가'.repeat(129))).toEqual(['at most 128 characters']);
    expect(await passwordProblems('a'.repeat(128))).toEqual([PASSWORD_REASON.guessable]);
    expect(await passwordProblems(' Password1 ')).toEqual([PASSWORD_REASON.common]);
    expect(await passwordProblems('P@55w0rd!')).toEqual([PASSWORD_REASON.common]); // l33t and case variants of the list
    expect(await passwordProblems('kim@example.kr', { loginId: 'kim@example.kr' })).toEqual([PASSWORD_REASON.personal]);
    expect(await passwordProblems('Minjun-river-2031', { loginId: 'minjun@example.kr' })).toEqual([PASSWORD_REASON.personal]);
    expect(await passwordProblems('Lantern-h0ng gildong', { names: ['Hong Gildong'] })).toEqual([PASSWORD_REASON.personal]);
    expect(await passwordProblems('우리집김민준고양이', { names: ['김민준'] })).toEqual([PASSWORD_REASON.personal]);
    expect(await passwordProblems('L3gal-Suite-river-77')).toEqual([PASSWORD_REASON.productName]);
    expect(await passwordProblems('리걸스위트-river-77')).toEqual([PASSWORD_REASON.productName]);
  });

  it('one-time codes: six digits, hashed with their challenge', () => {
    for (let i = 0; i < 50; i++) expect(newOtpCode()).toMatch(/^\d{6}$/);
    expect(hashOtp('a', '123456')).not.toBe(hashOtp('b', '123456'));
  });

  it('roles only hold catalogue permissions, and no workspace role holds a super-admin one', () => {
    for (const role of Object.values(ROLE_TEMPLATES)) {
      for (const p of role.permissions) expect(PERMISSION_NAMES).toContain(p);
      expect(role.permissions.some((p) => p.startsWith('super_admin.'))).toBe(false);
    }
    expect(ROLE_TEMPLATES.SUPER_MANAGER.permissions).toEqual(expect.arrayContaining(['workspace.order.publish', 'workspace.order.pay', 'workspace.admin.access']));
    for (const name of PERMISSION_NAMES) expect(name).toMatch(/^[a-z_]+\.[a-z_]+\.[a-z_]+$/);
  });
});

describe('API keys and impersonation rules', () => {
  it('a key works until revoked or past its expiry', () => {
    expect(isApiKeyUsable({ revokedAt: null, expiresAt: null }, now)).toBe(true);
    expect(isApiKeyUsable({ revokedAt: null, expiresAt: new Date(now.getTime() + 1) }, now)).toBe(true);
    expect(isApiKeyUsable({ revokedAt: null, expiresAt: now }, now)).toBe(false);
    expect(isApiKeyUsable({ revokedAt: now, expiresAt: null }, now)).toBe(false);
  });
  it('an admin may impersonate only members whose permissions they hold all of', () => {
    const admin = new Set(['workspace.admin.access', 'file.file.read']);
    expect(canImpersonateMember(admin, new Set(['file.file.read']))).toBe(true);
    expect(canImpersonateMember(admin, new Set(['file.file.read', 'file.file.admin']))).toBe(false);
    expect(canImpersonateMember(new Set(['file.file.read']), new Set())).toBe(false);
  });
});
