/** Helpers for tests that check who was notified (not a test file itself). */
import { type InAppNotification, InAppNotificationSchema } from '@legal/api';
import { expect } from 'vitest';
import type { TestApp } from '../../test/harness';

/** The caller's notifications (newest first), as the bell's list answers them. */
export async function notificationsOf(t: TestApp, who: { headers: Record<string, string> }, query = 'size=100'): Promise<InAppNotification[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/workspace/notifications/v1?${query}`, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return InAppNotificationSchema.array().parse(res.json().data.content);
}

/** The kinds of the caller's notifications about one record, oldest first. */
export async function notifiedKinds(t: TestApp, who: { headers: Record<string, string> }, record: InAppNotification['record']): Promise<string[]> {
  return (await notificationsOf(t, who))
    .filter((n) => n.record.type === record.type && n.record.id === record.id)
    .map((n) => n.kind)
    .reverse();
}
