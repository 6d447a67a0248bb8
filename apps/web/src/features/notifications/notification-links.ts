import { DEFAULT_THEME, type InAppNotification } from '@legal/api';
import { statuteAlertsPath } from '../research/research-path';

/** The page of the record a notification points at (the same pages the mails link to). */
export function recordPath(workspaceName: string, record: InAppNotification['record']): string {
  const ws = `/${encodeURIComponent(workspaceName)}`;
  switch (record.type) {
    case 'CONTRACT':
      return `${ws}/contracts/${record.id}`;
    case 'SEAL_USAGE_REQUEST':
      return `${ws}/seals/usage-requests/${record.id}`;
    case 'ENVELOPE':
      return `${ws}/esign/envelopes/${record.id}`;
    case 'STATUTE_CHANGE_ALERT':
      // The research area's default directory: a themed workspace's page sends it on to its own.
      return statuteAlertsPath(workspaceName, DEFAULT_THEME.chatDirectory, record.id);
  }
}

/** The workspace's notifications page. */
export const notificationsPath = (workspaceName: string) => `/${encodeURIComponent(workspaceName)}/notifications`;
