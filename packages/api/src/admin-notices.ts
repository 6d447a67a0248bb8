import { z } from 'zod';
import { pageOf, pageQuery } from './envelope';
import { FileKeySchema } from './files';
import { defineRoute } from './http';
import { booleanQuery, repeatableQuery, sortQuery } from './list-query';

// ---------------------------------------------------------------------------------------------
// Notices (catalogue 3 "notice (noticeTypes, creatorIds, file upload)", 7.10). Admins with
// `workspace.notice.write` publish them under /api/workspace/notices; every member reads them
// under /api/workspace/my-notices with their own read state. Bodies are plain text: clients show
// them as text with line breaks, never as HTML or markdown.
// Attachments are arxive files: upload first (POST /api/arxive/files/v2), then pass the keys.
// ---------------------------------------------------------------------------------------------

export const NOTICE_TYPES = ['GENERAL', 'UPDATE', 'MAINTENANCE', 'POLICY', 'EVENT'] as const;
export const NoticeTypeSchema = z.enum(NOTICE_TYPES);
export type NoticeType = z.infer<typeof NoticeTypeSchema>;

export const NOTICE_LIMITS = {
  titleMaxLength: 200,
  bodyMaxLength: 20_000,
  attachmentsMax: 10,
  keywordMaxLength: 200,
  /** The `referenceType` an attached file carries (its `referenceId` is the notice id). */
  fileReferenceType: 'NOTICE',
} as const;

export const NOTICE_SORT_FIELDS = ['createdAt', 'title'] as const;

const noticeId = z.coerce.number().int().positive();

// Bodies ----------------------------------------------------------------------------------------

const titleSchema = z.string().trim().min(1).max(NOTICE_LIMITS.titleMaxLength);
const bodySchema = z.string().trim().min(1).max(NOTICE_LIMITS.bodyMaxLength).describe('Plain text; line breaks are kept');
const fileKeysSchema = z
  .array(FileKeySchema)
  .max(NOTICE_LIMITS.attachmentsMax)
  .refine((keys) => new Set(keys).size === keys.length, 'each file once')
  .describe('Keys of files uploaded to this workspace; each must exist and not be attached to something else');

export const CreateNoticeBodySchema = z.object({
  noticeType: NoticeTypeSchema,
  title: titleSchema,
  body: bodySchema,
  isPinned: z.boolean().default(false),
  fileKeys: fileKeysSchema.default([]),
});
export type CreateNoticeBody = z.infer<typeof CreateNoticeBodySchema>;

export const UpdateNoticeBodySchema = z
  .object({
    noticeType: NoticeTypeSchema.optional(),
    title: titleSchema.optional(),
    body: bodySchema.optional(),
    isPinned: z.boolean().optional(),
    fileKeys: fileKeysSchema.optional().describe('The whole new list: files left out are detached'),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'nothing to update');
export type UpdateNoticeBody = z.infer<typeof UpdateNoticeBodySchema>;

// Answers ---------------------------------------------------------------------------------------

export const NoticeAttachmentSchema = z.object({
  fileKey: z.string(),
  displayName: z.string(),
  size: z.number().int(),
  contentType: z.string(),
});
export type NoticeAttachment = z.infer<typeof NoticeAttachmentSchema>;

const noticeFields = {
  id: z.number().int(),
  noticeType: NoticeTypeSchema,
  title: z.string(),
  body: z.string(),
  isPinned: z.boolean(),
  attachments: z.array(NoticeAttachmentSchema).describe('Attached files that still exist, in the order given'),
  creatorUserId: z.number().int().nullable(),
  creatorName: z.string().nullable().describe('The creator\'s display name in this workspace'),
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** A notice as admins see it. */
export const NoticeSchema = z.object({
  ...noticeFields,
  readCount: z.number().int().describe('Members who have opened it'),
  isDeleted: z.boolean(),
});
export type Notice = z.infer<typeof NoticeSchema>;

/** A notice as a member sees it, with the member's own read state. */
export const MemberNoticeSchema = z.object({ ...noticeFields, isRead: z.boolean() });
export type MemberNotice = z.infer<typeof MemberNoticeSchema>;

export const NoticeCreatorSchema = z.object({ userId: z.number().int(), displayName: z.string().nullable() });
export type NoticeCreator = z.infer<typeof NoticeCreatorSchema>;

// Queries ---------------------------------------------------------------------------------------

const keyword = z.string().trim().min(1).max(NOTICE_LIMITS.keywordMaxLength).optional().describe('Part of the title or body (case-insensitive)');

export const ListNoticesQuerySchema = pageQuery(10, 1000).extend({
  sort: sortQuery(NOTICE_SORT_FIELDS),
  keyword,
  noticeTypes: repeatableQuery(NoticeTypeSchema).optional().describe('Repeatable: noticeTypes=GENERAL&noticeTypes=EVENT'),
  creatorIds: repeatableQuery(z.coerce.number().int().positive()).optional().describe('Repeatable user ids of the creators'),
});
export type ListNoticesQuery = z.input<typeof ListNoticesQuerySchema>;

export const ListMemberNoticesQuerySchema = pageQuery(10, 1000).extend({
  sort: sortQuery(NOTICE_SORT_FIELDS),
  keyword,
  noticeTypes: repeatableQuery(NoticeTypeSchema).optional(),
  isRead: booleanQuery.optional().describe('Only read (true) or unread (false) notices'),
});
export type ListMemberNoticesQuery = z.input<typeof ListMemberNoticesQuerySchema>;

export const NoticeParamsSchema = z.object({ noticeId });

// Routes ----------------------------------------------------------------------------------------

const tags = ['workspace: notices'];
const pinnedFirst = 'Pinned notices come first, then the requested sort (default createdAt,desc).';

export const listNotices = defineRoute({
  method: 'GET', path: '/api/workspace/notices/v1', access: 'admin',
  summary: `Admin (workspace.notice.write): notices of the workspace by keyword, noticeTypes and creatorIds. ${pinnedFirst}`,
  tags, schemas: { query: ListNoticesQuerySchema, data: pageOf(NoticeSchema) },
});
export const listNoticeCreators = defineRoute({
  method: 'GET', path: '/api/workspace/notices/creators/v1', access: 'admin',
  summary: 'Admin (workspace.notice.write): the people who created notices, for the creator filter',
  tags, schemas: { data: z.array(NoticeCreatorSchema) },
});
export const createNotice = defineRoute({
  method: 'POST', path: '/api/workspace/notices/v1', access: 'admin',
  summary: 'Admin (workspace.notice.write): publishes a notice; attached files get referenceType NOTICE (400 on body.fileKeys.N for a key that is not a free file of this workspace the caller may read; a file hidden from them answers as a missing one)',
  tags, schemas: { body: CreateNoticeBodySchema, data: NoticeSchema },
});
export const getNotice = defineRoute({
  method: 'GET', path: '/api/workspace/notices/:noticeId/v1', access: 'admin',
  summary: 'Admin (workspace.notice.write): one notice, also when deleted (isDeleted)',
  tags, schemas: { params: NoticeParamsSchema, data: NoticeSchema },
});
export const updateNotice = defineRoute({
  method: 'PUT', path: '/api/workspace/notices/:noticeId/v1', access: 'admin',
  summary: 'Admin (workspace.notice.write): edits a notice; 409 when it is deleted',
  tags, schemas: { params: NoticeParamsSchema, body: UpdateNoticeBodySchema, data: NoticeSchema },
});
export const deleteNotice = defineRoute({
  method: 'DELETE', path: '/api/workspace/notices/:noticeId/v1', access: 'admin',
  summary: 'Admin (workspace.notice.write): deletes a notice (soft: members no longer see it); 409 when already deleted',
  tags, schemas: { params: NoticeParamsSchema, data: NoticeSchema },
});

export const listMyNotices = defineRoute({
  method: 'GET', path: '/api/workspace/my-notices/v1', access: 'member',
  summary: `Member: the notices of the workspace with the caller's isRead. ${pinnedFirst}`,
  tags, schemas: { query: ListMemberNoticesQuerySchema, data: pageOf(MemberNoticeSchema) },
});
export const countMyUnreadNotices = defineRoute({
  method: 'GET', path: '/api/workspace/my-notices/unread-count/v1', access: 'member',
  summary: 'Member: how many notices the caller has not opened (for a badge)',
  tags, schemas: { data: z.object({ unreadCount: z.number().int() }) },
});
export const getMyNotice = defineRoute({
  method: 'GET', path: '/api/workspace/my-notices/:noticeId/v1', access: 'member',
  summary: 'Member: one notice; opening it marks it read for the caller',
  tags, schemas: { params: NoticeParamsSchema, data: MemberNoticeSchema },
});
export const markAllMyNoticesRead = defineRoute({
  method: 'POST', path: '/api/workspace/my-notices/read-all/v1', access: 'member',
  summary: 'Member: marks every notice of the workspace read for the caller',
  tags, schemas: { data: z.object({ markedCount: z.number().int() }) },
});
