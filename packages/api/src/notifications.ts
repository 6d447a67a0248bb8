import { z } from 'zod';
import { UserRefSchema } from './contract-schemas';
import { pageOf, pageQuery } from './envelope';
import { defineRoute } from './http';
import { booleanQuery } from './list-query';

// ---------------------------------------------------------------------------------------------
// In-app notifications (docs/decisions/0007-in-app-notifications.md): what the product mails a
// member about a record (a workflow's next actors and mentions, an envelope's sender, a seal usage
// request's approvers and requester) is also kept for them in the workspace, in the transaction of
// the change; so is a statute-change alert for those whose chat answers or reviews cite the changed
// article (that writer sends no mail). A notification is exactly as visible as its record: one whose
// record the reader can no longer read is neither listed nor counted, and answers 404.
// ---------------------------------------------------------------------------------------------

/** The workflow hub's mail kinds (next actors of a transition, mentions, review deadlines). */
export const WORKFLOW_NOTIFICATION_KINDS = [
  'workflow.SUBMITTED', 'workflow.ASSIGNED', 'workflow.RETURNED', 'workflow.REVIEW_COMPLETED', 'workflow.APPROVAL_TURN', 'workflow.APPROVED',
  'workflow.REJECTED', 'workflow.SIGNING_READY', 'workflow.EXECUTED', 'workflow.CANCELED', 'workflow.MENTIONED',
  // The desired review deadline's sweep: the reminder the day before, the escalation after it.
  'workflow.DEADLINE_REMINDER', 'workflow.DEADLINE_PASSED',
] as const;
/** The seal service's mail kinds (usage requests). */
export const SEAL_NOTIFICATION_KINDS = ['seal.APPROVAL_TURN', 'seal.TO_APPLY', 'seal.APPROVED', 'seal.REJECTED', 'seal.APPLIED'] as const;
/** E-sign news to the sender side (the sender and the contract's owner). */
export const ESIGN_NOTIFICATION_KINDS = ['esign.COMPLETED', 'esign.DECLINED', 'esign.SEAL_DUE'] as const;

/** Statute-change alerts: an article a saved chat answer or a review finding cites changed in a newer version. */
export const STATUTE_NOTIFICATION_KINDS = ['statute.ARTICLE_CHANGED'] as const;

export const NOTIFICATION_KINDS = [...WORKFLOW_NOTIFICATION_KINDS, ...SEAL_NOTIFICATION_KINDS, ...ESIGN_NOTIFICATION_KINDS, ...STATUTE_NOTIFICATION_KINDS] as const;
export const NotificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKindSchema>;

/** What a notification points at; the web app links each type to its page. */
export const NOTIFICATION_RECORD_TYPES = ['CONTRACT', 'SEAL_USAGE_REQUEST', 'ENVELOPE', 'STATUTE_CHANGE_ALERT'] as const;
export const NotificationRecordTypeSchema = z.enum(NOTIFICATION_RECORD_TYPES);
export type NotificationRecordType = z.infer<typeof NotificationRecordTypeSchema>;

export const NOTIFICATION_LIMITS = {
  /** Longer comments and reasons are cut (with an ellipsis) when stored. */
  textMaxLength: 500,
  titleMaxLength: 300,
  /** The header's popover shows this many. */
  latestCount: 8,
} as const;

/**
 * The facts the reader's language renders (the web app's texts per kind): the record's title when
 * the notification was written, and what the kind needs of the comment, the party and the purpose.
 */
export const NotificationDataSchema = z.object({
  comment: z.string().nullable().optional().describe('The comment of the action, or the reason of a decline'),
  partyName: z.string().nullable().optional().describe('E-sign: the party who declined, or whose seal is due'),
  purpose: z.string().nullable().optional().describe('Seals: the purpose of the usage request'),
  deadline: z.string().nullable().optional().describe('Workflows: the desired review deadline (a Korean date) of a reminder or escalation'),
  effectiveDate: z.string().nullable().optional().describe('Statute-change alerts: the 시행일자 of the version in which the article changed'),
});
export type NotificationData = z.infer<typeof NotificationDataSchema>;

export const InAppNotificationSchema = z.object({
  id: z.number().int(),
  kind: NotificationKindSchema,
  record: z.object({ type: NotificationRecordTypeSchema, id: z.number().int() }),
  title: z.string().describe("The record's title (contract, envelope, seal) when the notification was written"),
  data: NotificationDataSchema,
  actor: UserRefSchema.nullable().describe('Who acted; null for the system (a signing completed, an outside signer)'),
  isRead: z.boolean(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type InAppNotification = z.infer<typeof InAppNotificationSchema>;

/** Newest first, always (no sort). */
export const ListNotificationsQuerySchema = pageQuery(20, 100).omit({ sort: true }).extend({
  isRead: booleanQuery.optional().describe('Only read (true) or unread (false) notifications'),
});
export type ListNotificationsQuery = z.input<typeof ListNotificationsQuerySchema>;

export const NotificationParamsSchema = z.object({ notificationId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

// Routes ----------------------------------------------------------------------------------------

const tags = ['workspace: notifications'];
const visibility = 'Only notifications of this workspace addressed to the caller whose record the caller can still read';

export const listMyNotifications = defineRoute({
  method: 'GET', path: '/api/workspace/notifications/v1', access: 'member',
  summary: `Member: the caller's notifications, newest first. ${visibility}`,
  tags, schemas: { query: ListNotificationsQuerySchema, data: pageOf(InAppNotificationSchema) },
});
export const countMyUnreadNotifications = defineRoute({
  method: 'GET', path: '/api/workspace/notifications/unread-count/v1', access: 'member',
  summary: `Member: how many of the caller's notifications are unread (for the header's bell). ${visibility}`,
  tags, schemas: { data: z.object({ unreadCount: z.number().int() }) },
});
export const markMyNotificationRead = defineRoute({
  method: 'POST', path: '/api/workspace/notifications/:notificationId/read/v1', access: 'member',
  summary: "Member: marks one of the caller's notifications read (again: unchanged); 404 for another's, or one whose record the caller can no longer read",
  tags, schemas: { params: NotificationParamsSchema, data: InAppNotificationSchema },
});
export const markAllMyNotificationsRead = defineRoute({
  method: 'POST', path: '/api/workspace/notifications/read-all/v1', access: 'member',
  summary: `Member: marks every unread notification of the caller read. ${visibility}`,
  tags, schemas: { data: z.object({ markedCount: z.number().int() }) },
});
