import { DEFAULT_THEME } from '@legal/api';

/** The theme's chat directory (`business-agent` unless the workspace theme renames it). */
export function chatDirectoryOf(theme: { chatDirectory?: string }): string {
  return theme.chatDirectory?.trim() || DEFAULT_THEME.chatDirectory;
}

/** `/:workspaceName/:chatDirectory`: the research chat; `chat` opens one of the caller's chats. */
export function researchChatPath(workspaceName: string, directory: string, chatKey?: string): string {
  const base = `/${encodeURIComponent(workspaceName)}/${encodeURIComponent(directory)}`;
  return chatKey ? `${base}?${new URLSearchParams({ chat: chatKey }).toString()}` : base;
}

/** The statute browser, beside the chat; `lawSerialNumber` and `article` open one version at one article. */
export function statuteBrowserPath(workspaceName: string, directory: string, open?: { lawSerialNumber: string; article?: string }): string {
  const base = `/${encodeURIComponent(workspaceName)}/${encodeURIComponent(directory)}/statutes`;
  if (!open) return base;
  const query = new URLSearchParams({ mst: open.lawSerialNumber });
  if (open.article) query.set('article', open.article);
  return `${base}?${query.toString()}`;
}

/** The team's collections, beside the chat; `collection` opens one. */
export function collectionsPath(workspaceName: string, directory: string, categoryId?: number): string {
  const base = `/${encodeURIComponent(workspaceName)}/${encodeURIComponent(directory)}/collections`;
  return categoryId ? `${base}?${new URLSearchParams({ collection: String(categoryId) }).toString()}` : base;
}

/** The workspace's advisory inquiries, beside the chat; `inquiryId` opens one. */
export function advisoryPath(workspaceName: string, directory: string, inquiryId?: number): string {
  const base = `/${encodeURIComponent(workspaceName)}/${encodeURIComponent(directory)}/advisory`;
  return inquiryId ? `${base}/${inquiryId}` : base;
}

/** The workspace's statute-change alerts, beside the chat; `alertId` opens one. */
export function statuteAlertsPath(workspaceName: string, directory: string, alertId?: number): string {
  const base = `/${encodeURIComponent(workspaceName)}/${encodeURIComponent(directory)}/statute-alerts`;
  return alertId ? `${base}?${new URLSearchParams({ alert: String(alertId) }).toString()}` : base;
}
