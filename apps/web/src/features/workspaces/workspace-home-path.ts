import { DEFAULT_THEME, type Theme } from '@legal/api';

/** The workspace category whose home is the business-agent chat (spec section 2). */
export const LEGAL_AGENT_CATEGORY = 'legal-agent';

/**
 * Where a workspace starts: for the legal-agent category its chat, at
 * /{workspaceName}/{theme.chatDirectory} (business-agent by default); otherwise /{workspaceName}/.
 */
export function workspaceHomePath(
  workspaceName: string,
  category: string | null | undefined,
  theme: Pick<Theme, 'chatDirectory'> = DEFAULT_THEME,
): string {
  const base = `/${encodeURIComponent(workspaceName)}/`;
  if (category !== LEGAL_AGENT_CATEGORY) return base;
  const directory = theme.chatDirectory?.trim() || DEFAULT_THEME.chatDirectory;
  return `${base}${encodeURIComponent(directory)}`;
}
