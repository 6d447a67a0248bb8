/** Helpers for the organization page tests (not a test file itself). */
import { listMyPendingTerms } from '@legal/api';
import { vi } from 'vitest';
import { FakeXhr } from '../../lib/api/fake-xhr';
import { selectWorkspace, setLauncher, setPermissions, setUserInfo } from '../../lib/session';
import { installFakeApi, ok, type FakeApi } from '../../test/fake-api';
import { hanbit, resetSession, serveSession } from '../../test/session-fixtures';

/** An admin who may change roles and the organization, and search users for the pickers. */
export const ADMIN_PERMISSIONS = ['workspace.admin.access', 'workspace.role.write', 'workspace.group.write', 'workspace.user.read'];

/** Signs the admin in to hanbit and answers the shell's own calls; the test adds its routes. */
export function signInAdmin(permissions = ADMIN_PERMISSIONS): FakeApi {
  resetSession();
  setUserInfo({ id: 41, loginId: 'admin@hanbit.example' });
  setLauncher([hanbit]);
  selectWorkspace(hanbit.tenantId, hanbit.workspaceId);
  setPermissions(permissions.map((name) => ({ name })));
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  stubBrowserForTables();
  return serveSession(installFakeApi(), { permissions }).on(listMyPendingTerms, ok([]));
}

/**
 * mantine-datatable shows a column while `matchMedia(column.visibleMediaQuery ?? '')` matches:
 * a browser matches the empty query, the shared stub (test/setup.ts) matches nothing. jsdom
 * also lacks FontFaceSet, which Mantine's autosize Textarea listens on.
 */
function stubBrowserForTables(): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '',
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });
}

export const pageOf = <T>(content: T[], size = 10) => ({ content, page: 0, size, totalElements: content.length, totalPages: 1 });
