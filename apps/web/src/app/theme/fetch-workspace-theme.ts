import { theme } from '@legal/api';
import { api } from '../../lib/api';
import { type ThemeJsonFetcher } from './theme-loader';

/**
 * The selected workspace's theme JSON (`data.theme`). The call carries X-Tenant/X-Workspace of
 * the session, which is the workspace the provider asks for; a failure falls back to the
 * product theme (workspace-theme-controller), so no toast.
 */
export const fetchWorkspaceThemeJson: ThemeJsonFetcher = async () => {
  const data = await api.call(theme, { suppressErrorToast: true });
  return data.theme;
};
