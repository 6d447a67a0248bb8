import { z } from 'zod';
import type { Named } from './contract-catalogue';
import { ContractIdSchema, ContractParamsSchema, IsoDateSchema, UserRefSchema } from './contract-schemas';
import { pageOf, pageQuery } from './envelope';
import { defineRoute } from './http';
import { repeatableQuery, sortQuery } from './list-query';

// ---------------------------------------------------------------------------------------------
// Reminders of a contract (7.6 "reminders (list, create, get, update, delete by reminderId)"):
// a title and memo mailed at `remindAt` to members who can read the contract, and kept in-app
// (GET reminders/my/v1). Readers of the contract see its reminders; writers (the owner holding
// contract.contract.write, or contract.contract.admin) manage them. A scheduled job mails each due
// reminder once, in the recipient's language, and marks it SENT; a SENT reminder is the record of
// that mail and can no longer change (409). Renewal, notice and end-date reminders are suggested
// from the contract's end date; a personal iCal feed (a secret URL, rotated at will) carries the
// user's reminders and the end dates of the contracts they can read.
// ---------------------------------------------------------------------------------------------

export const REMINDER_KINDS = ['CUSTOM', 'RENEWAL', 'NOTICE', 'END_DATE'] as const;
export const ReminderKindSchema = z.enum(REMINDER_KINDS);
export type ReminderKind = z.infer<typeof ReminderKindSchema>;

export const REMINDER_KIND_CATALOGUE: Array<Named<ReminderKind>> = [
  { code: 'CUSTOM', name: { ko: '사용자 지정', en: 'Custom' } },
  { code: 'RENEWAL', name: { ko: '갱신 검토', en: 'Renewal review' } },
  { code: 'NOTICE', name: { ko: '해지 통지 기한', en: 'Notice deadline' } },
  { code: 'END_DATE', name: { ko: '계약 종료', en: 'Contract end' } },
];

export const REMINDER_STATUSES = ['SCHEDULED', 'SENT', 'CANCELED'] as const;
export const ReminderStatusSchema = z.enum(REMINDER_STATUSES);
export type ReminderStatus = z.infer<typeof ReminderStatusSchema>;

export const REMINDER_LIMITS = {
  titleMaxLength: 200,
  memoMaxLength: 2000,
  recipientsMax: 20,
  /** Days before the end date at which renewal reminders are suggested. */
  renewalLeadDays: [90, 30],
  /** The notice period assumed when the caller gives none (days before the end date). */
  defaultNoticeDays: 30,
  /** A NOTICE reminder comes this many days before the notice deadline. */
  noticeLeadDays: 7,
  /** What "recent" means for GET reminders/my/v1?view=RECENT. */
  recentDays: 30,
} as const;

/** Reminders are due at 09:00 Korea time on the suggested days. */
export const REMINDER_SUGGESTION_HOUR = '09:00:00+09:00';

export const InstantSchema = z.iso.datetime({ offset: true }).describe('ISO 8601 instant with its offset, e.g. 2026-11-21T09:00:00+09:00');

const RecipientListSchema = z
  .array(z.number().int().positive())
  .min(1)
  .max(REMINDER_LIMITS.recipientsMax)
  .refine((l) => new Set(l).size === l.length, 'each recipient once')
  .describe('User ids of members who can read the contract (400 on body.recipients.N otherwise)');

const reminderFields = {
  title: z.string().trim().min(1).max(REMINDER_LIMITS.titleMaxLength),
  memo: z.string().trim().max(REMINDER_LIMITS.memoMaxLength).nullable().optional(),
  remindAt: InstantSchema.describe('When the mail goes out; must be in the future'),
  recipients: RecipientListSchema,
  kind: ReminderKindSchema.default('CUSTOM'),
};

export const CreateReminderBodySchema = z.object(reminderFields);
export type CreateReminderBody = z.input<typeof CreateReminderBodySchema>;

/** PUT replaces every field; `status` CANCELED pauses a reminder, SCHEDULED (the default) plans it again. */
export const UpdateReminderBodySchema = z.object({
  ...reminderFields,
  status: z.enum(['SCHEDULED', 'CANCELED']).default('SCHEDULED'),
});
export type UpdateReminderBody = z.input<typeof UpdateReminderBodySchema>;

export const ReminderParamsSchema = z.object({ contractId: ContractIdSchema, reminderId: z.coerce.number().int().positive() });

export const ReminderSchema = z.object({
  id: z.number().int(),
  contractId: z.number().int(),
  title: z.string(),
  memo: z.string().nullable(),
  remindAt: z.string(),
  kind: ReminderKindSchema,
  status: ReminderStatusSchema,
  sentAt: z.string().nullable(),
  recipients: z.array(UserRefSchema),
  createdBy: UserRefSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Reminder = z.infer<typeof ReminderSchema>;

export const REMINDER_SORT_FIELDS = ['remindAt', 'createdAt'] as const;
export const ListRemindersQuerySchema = pageQuery(10, 1000).extend({
  sort: sortQuery(REMINDER_SORT_FIELDS),
  status: repeatableQuery(ReminderStatusSchema).optional(),
});

export const MyReminderSchema = ReminderSchema.extend({
  contract: z.object({ id: z.number().int(), title: z.string(), endDate: z.string().nullable() }),
});
export type MyReminder = z.infer<typeof MyReminderSchema>;

export const MyRemindersQuerySchema = pageQuery(10, 1000).extend({
  view: z
    .enum(['UPCOMING', 'RECENT'])
    .default('UPCOMING')
    .describe(`UPCOMING: scheduled, soonest first; RECENT: sent in the last ${REMINDER_LIMITS.recentDays} days, newest first`),
});

export const ReminderSuggestionsQuerySchema = z.object({
  noticeDays: z.coerce.number().int().min(1).max(365).optional().describe(`The contract's notice period in days (default ${REMINDER_LIMITS.defaultNoticeDays})`),
});

export const ReminderSuggestionSchema = z.object({
  kind: ReminderKindSchema,
  title: z.string().describe('In the X-Locale language'),
  remindAt: z.string(),
  recipients: z.array(z.number().int()).describe('The owner and the watchers who can read the contract'),
  isAlreadyScheduled: z.boolean().describe('A scheduled reminder of this kind at this time exists'),
});
export const ReminderSuggestionsSchema = z.object({
  endDate: IsoDateSchema.nullable(),
  noticeDays: z.number().int(),
  suggestions: z.array(ReminderSuggestionSchema).describe('Only those still in the future; empty without an end date'),
});
export type ReminderSuggestions = z.infer<typeof ReminderSuggestionsSchema>;

// The personal calendar feed -------------------------------------------------------------------

export const CalendarFeedStateSchema = z.object({
  isActive: z.boolean(),
  createdAt: z.string().nullable().describe('When the current secret URL was made'),
});
export const CalendarFeedCreatedSchema = z.object({
  url: z.string().describe('The secret feed URL: shown only now (the server keeps only a hash of its token)'),
  createdAt: z.string(),
});
export const CalendarFeedTokenParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'a feed token') });

// Routes ----------------------------------------------------------------------------------------

const tags = ['conhub: reminders'];
const readable = 'The contract must be readable by the caller (404 otherwise).';
const writable = 'Needs the owner with contract.contract.write, or contract.contract.admin (403); 404 when the contract is not readable.';
const byId = '/api/conhub/contracts/:contractId/reminders/:reminderId/v1';

export const listContractReminders = defineRoute({
  method: 'GET', path: '/api/conhub/contracts/:contractId/reminders/v1', access: 'member', product: 'CLM',
  summary: `The contract's reminders (default sort remindAt,asc; status filter repeatable). ${readable}`, tags,
  schemas: { params: ContractParamsSchema, query: ListRemindersQuerySchema, data: pageOf(ReminderSchema) },
});
export const createContractReminder = defineRoute({
  method: 'POST', path: '/api/conhub/contracts/:contractId/reminders/v1', access: 'member', product: 'CLM',
  summary: `Schedules a reminder (remindAt in the future; recipients who can read the contract). ${writable}`, tags,
  schemas: { params: ContractParamsSchema, body: CreateReminderBodySchema, data: ReminderSchema },
});
export const getContractReminder = defineRoute({
  method: 'GET', path: byId, access: 'member', product: 'CLM', summary: `One reminder of the contract. ${readable}`, tags,
  schemas: { params: ReminderParamsSchema, data: ReminderSchema },
});
export const updateContractReminder = defineRoute({
  method: 'PUT', path: byId, access: 'member', product: 'CLM',
  summary: `Replaces a reminder's fields; status CANCELED pauses it. 409 once it was sent. ${writable}`, tags,
  schemas: { params: ReminderParamsSchema, body: UpdateReminderBodySchema, data: ReminderSchema },
});
export const deleteContractReminder = defineRoute({
  method: 'DELETE', path: byId, access: 'member', product: 'CLM',
  summary: `Deletes a scheduled or canceled reminder; 409 once it was sent (it is the record of the mail). ${writable}`, tags,
  schemas: { params: ReminderParamsSchema, data: ReminderSchema },
});
export const getReminderSuggestions = defineRoute({
  method: 'GET', path: '/api/conhub/contracts/:contractId/reminders/suggestions/v1', access: 'member', product: 'CLM',
  summary: `Reminders offered from the end date: renewal review 90 and 30 days before, the notice deadline (noticeDays) and the end itself. ${readable}`, tags,
  schemas: { params: ContractParamsSchema, query: ReminderSuggestionsQuerySchema, data: ReminderSuggestionsSchema },
});
export const listMyReminders = defineRoute({
  method: 'GET', path: '/api/conhub/reminders/my/v1', access: 'member', product: 'CLM',
  summary: 'The caller\'s reminders (as a recipient) of contracts they can still read: upcoming or recently sent', tags,
  schemas: { query: MyRemindersQuerySchema, data: pageOf(MyReminderSchema) },
});

export const getCalendarFeed = defineRoute({
  method: 'GET', path: '/api/conhub/reminders/ical-feed/v1', access: 'member', product: 'CLM',
  summary: 'Whether the caller has a personal calendar feed in this workspace (the URL itself is shown only when made)', tags,
  schemas: { data: CalendarFeedStateSchema },
});
export const rotateCalendarFeed = defineRoute({
  method: 'POST', path: '/api/conhub/reminders/ical-feed/v1', access: 'member', product: 'CLM',
  summary: 'Makes a new secret feed URL for the caller; the previous one stops working at once', tags,
  schemas: { data: CalendarFeedCreatedSchema },
});
export const revokeCalendarFeed = defineRoute({
  method: 'DELETE', path: '/api/conhub/reminders/ical-feed/v1', access: 'member', product: 'CLM',
  summary: 'Turns the caller\'s feed off (idempotent)', tags,
  schemas: { data: CalendarFeedStateSchema },
});
export const calendarFeed = defineRoute({
  method: 'GET', path: '/api/conhub/reminders/ical/:token/v1', access: 'public', raw: true,
  summary: 'The personal calendar (text/calendar, RFC 5545): the owner\'s reminders and the end dates of the contracts they can read. The token is the secret; 404 when it is unknown or rotated.',
  tags, schemas: { params: CalendarFeedTokenParamsSchema },
});
