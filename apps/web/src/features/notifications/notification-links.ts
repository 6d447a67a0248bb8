import type { InAppNotification } from '@legal/api';

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
  }
}

/** The workspace's notifications page. */
export const notificationsPath = (workspaceName: string) => `/${encodeURIComponent(workspaceName)}/notifications`;
