import { describe, expect, it } from 'vitest';
import { PATHS, safeNextPath, signInPathWithNext } from './paths';

describe('sign-in return paths', () => {
  it('carries the address to return to', () => {
    expect(signInPathWithNext(PATHS.signIn, '/hanbit/?tab=2#x')).toBe('/sign-in?next=%2Fhanbit%2F%3Ftab%3D2%23x');
  });

  it('only returns to paths of this app', () => {
    expect(safeNextPath('/profile?tab=sessions', '/workspaces')).toBe('/profile?tab=sessions');
    for (const unsafe of [null, '', 'profile', '//evil.example', 'https://evil.example', '/\\evil.example', '/sign-in?next=/x', '/super-admin/sign-in']) {
      expect(safeNextPath(unsafe, '/workspaces')).toBe('/workspaces');
    }
  });
});
