import { describe, expect, it } from 'vitest';
import { roleDisplayName } from './auth-roles';

describe('roleDisplayName', () => {
  it('shows a preset role in the reader\'s language until an admin renames it', () => {
    expect(roleDisplayName({ code: 'READER', name: '열람자' }, 'en')).toBe('Reader');
    expect(roleDisplayName({ code: 'READER', name: 'Reader' }, 'ko')).toBe('열람자');
    expect(roleDisplayName({ code: 'WORKSPACE_ADMIN', name: '워크스페이스 관리자' }, 'ko')).toBe('워크스페이스 관리자');
    // Renamed, custom or unknown roles keep the name they were given.
    expect(roleDisplayName({ code: 'READER', name: '감사인' }, 'en')).toBe('감사인');
    expect(roleDisplayName({ code: null, name: '계약 검토팀' }, 'en')).toBe('계약 검토팀');
    expect(roleDisplayName({ code: 'SOMETHING_ELSE', name: '기타' }, 'en')).toBe('기타');
  });
});
