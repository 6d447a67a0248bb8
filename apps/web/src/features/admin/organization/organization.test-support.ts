/** Helpers for the organization page tests (not a test file itself). */
import { vi } from 'vitest';
import { FakeXhr } from '../../../lib/api/fake-xhr';
import { installFakeApi, type FakeApi } from '../../../test/fake-api';
import { serveSession, signInToHanbit } from '../../../test/session-fixtures';

/** An admin who may change roles and the organization, and search users for the pickers. */
export const ADMIN_PERMISSIONS = ['workspace.admin.access', 'workspace.role.write', 'workspace.group.write', 'workspace.user.read'];

/** Signs the admin in to hanbit and answers the shell's own calls; the test adds its routes. */
export function signInAdmin(permissions = ADMIN_PERMISSIONS): FakeApi {
  signInToHanbit(permissions);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return serveSession(installFakeApi(), { permissions });
}

export const pageOf = <T>(content: T[], size = 10) => ({ content, page: 0, size, totalElements: content.length, totalPages: 1 });
