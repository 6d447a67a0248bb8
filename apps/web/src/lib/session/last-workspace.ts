import { parseWorkspaceKey, workspaceKey } from '@legal/api';
import { STORAGE_KEYS, readStorage, writeStorage } from '../browser-storage';

/**
 * The last workspace the user selected, kept as the combined key of spec section 2. It survives
 * sign-out on purpose (it names no data and helps the next sign-in); a key the launcher no longer
 * lists is simply ignored.
 */
export function readLastWorkspace(): { tenantId: number; workspaceId: number } {
  return parseWorkspaceKey(readStorage(STORAGE_KEYS.lastWorkspace));
}

export function writeLastWorkspace(tenantId: number, workspaceId: number): void {
  writeStorage(STORAGE_KEYS.lastWorkspace, workspaceKey(tenantId, workspaceId));
}
