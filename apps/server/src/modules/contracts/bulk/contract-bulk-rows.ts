import {
  BULK_COLUMN_LABELS, type BulkColumn, type BulkRowError, type BulkRowValues, CONTRACT_TYPE_CATALOGUE, CreateContractBodySchema,
  CreateContractWithFilesBodySchema, type Locale,
} from '@legal/api';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { files } from '../../files';
import { groups } from '../../admin';
import { memberships, users } from '../../auth';
import { inScope } from '../../../platform/db/tenancy';
import type { TenantScope } from '../../../platform/http/context';
import type { StoredRowError } from './contract-bulk.table';
import type { ContractActor } from '../contracts.policy';
import type { Executor } from '../contracts.repo';

/**
 * Checking a sheet row: its text cells become the body of POST contracts/v7 and go through the
 * same zod schema; what the body points at (owner e-mail, group name, file names) is looked up in
 * the workspace. The checks of the creation service run again when the job registers the row.
 */

/** The workspace's names, looked up once for a batch of rows. */
export interface RowLookups {
  ownerIdByEmail: Map<string, number>;
  groupIdByName: Map<string, number>;
  fileKeyByName: Map<string, string>;
  actor: ContractActor;
}

export async function rowLookups(db: Executor, scope: TenantScope, actor: ContractActor, fileKeys: readonly string[]): Promise<RowLookups> {
  const [members, groupRows, fileRows] = await Promise.all([
    db
      .select({ userId: memberships.userId, email: users.loginId })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(inScope(memberships, scope), eq(memberships.status, 'ACTIVE'), eq(users.status, 'ACTIVE'))),
    db.select({ id: groups.id, name: groups.name }).from(groups).where(inScope(groups, scope)),
    fileKeys.length === 0
      ? Promise.resolve([])
      : db
          .select({ fileKey: files.fileKey, name: files.displayName })
          .from(files)
          .where(and(inScope(files, scope), inArray(files.fileKey, [...fileKeys]), isNull(files.deletedAt))),
  ]);
  return {
    ownerIdByEmail: new Map(members.map((m) => [m.email.toLowerCase(), m.userId])),
    groupIdByName: new Map(groupRows.map((g) => [g.name.normalize('NFC'), g.id])),
    fileKeyByName: new Map(fileRows.map((f) => [f.name.normalize('NFC'), f.fileKey])),
    actor,
  };
}

const list = (cell: string | null | undefined, separator: RegExp) =>
  (cell ?? '')
    .split(separator)
    .map((v) => v.normalize('NFC').trim())
    .filter(Boolean);

/** 공급 계약, Supply agreement or SUPPLY: the code of a contract type. */
function contractTypeOf(cell: string): string | null {
  // Spaces and case do not matter: 물품 공급 계약 and 물품공급계약 are one type.
  const squash = (v: string) => v.normalize('NFC').replace(/\s+/g, '').toLowerCase();
  const v = squash(cell);
  return CONTRACT_TYPE_CATALOGUE.find((t) => [t.code, t.name.ko, t.name.en].some((name) => squash(name) === v))?.code ?? null;
}

/** Which sheet column a path of the create body comes from. */
const COLUMN_OF_PATH: Record<string, BulkColumn> = {
  title: 'title', contractType: 'contractType', counterparties: 'counterparties', signedDate: 'signedDate', startDate: 'startDate', endDate: 'endDate',
  amount: 'amount', currency: 'currency', ownerUserId: 'ownerEmail', groupId: 'groupName', hashtags: 'hashtags', memo: 'memo', files: 'fileNames',
};
export const columnOfField = (field: string): BulkColumn => COLUMN_OF_PATH[field.replace(/^body\./, '').split('.')[0] ?? ''] ?? 'title';

export interface CheckedRow {
  errors: StoredRowError[];
  /** The create body (v6 or v7 shape) when there is no error. */
  input: Record<string, unknown> | null;
  fileNames: string[];
}

export function checkRow(values: BulkRowValues, lookups: RowLookups): CheckedRow {
  const errors: StoredRowError[] = [];
  const add = (field: BulkColumn, code: string, reason: string) => {
    if (!errors.some((e) => e.field === field)) errors.push({ field, code, reason });
  };
  const body: Record<string, unknown> = {
    title: values.title ?? '',
    memo: values.memo ?? null,
    signedDate: values.signedDate ?? null,
    startDate: values.startDate ?? null,
    endDate: values.endDate ?? null,
    amount: values.amount?.replace(/,/g, '') ?? null,
    currency: values.currency?.toUpperCase() ?? null,
    counterparties: list(values.counterparties, /[,\n]/).map((name) => ({ counterpartyType: 'COMPANY', name })),
    hashtags: [...new Set(list(values.hashtags, /[\s,]+/))],
    status: 'SIGNED',
  };
  if (!values.title) add('title', 'required', 'required');
  if (!values.contractType) add('contractType', 'required', 'required');
  else body.contractType = contractTypeOf(values.contractType) ?? add('contractType', 'unknownType', 'not a contract type of the list');

  if (values.ownerEmail) {
    const ownerUserId = lookups.ownerIdByEmail.get(values.ownerEmail.trim().toLowerCase());
    if (ownerUserId === undefined) add('ownerEmail', 'unknownMember', 'not an active member of this workspace');
    else if (ownerUserId !== lookups.actor.userId && !lookups.actor.permissions.has('contract.contract.admin')) add('ownerEmail', 'notAllowed', 'only a contract admin registers for someone else');
    else body.ownerUserId = ownerUserId;
  }
  if (values.groupName) {
    const groupId = lookups.groupIdByName.get(values.groupName.normalize('NFC').trim());
    if (groupId === undefined) add('groupName', 'unknownGroup', 'no such group in this workspace');
    else body.groupId = groupId;
  }
  const fileNames = list(values.fileNames, /[,\n]/);
  const missing = fileNames.filter((name) => !lookups.fileKeyByName.has(name));
  if (missing.length > 0) add('fileNames', 'unknownFile', `not among the uploaded files: ${missing.join(', ')}`);
  else if (fileNames.length > 0) body.files = fileNames.map((name, i) => ({ fileKey: lookups.fileKeyByName.get(name), role: i === 0 ? 'MAIN' : 'ATTACHMENT' }));

  const schema = body.files ? CreateContractWithFilesBodySchema : CreateContractBodySchema;
  const parsed = schema.safeParse(body);
  if (!parsed.success) for (const issue of parsed.error.issues) add(columnOfField(issue.path.map(String).join('.')), 'invalid', issue.message);
  return errors.length > 0 ? { errors, input: null, fileNames } : { errors: [], input: body, fileNames };
}

const MESSAGES: Record<string, Record<Locale, (label: string, reason: string) => string>> = {
  required: { ko: (l) => `${l}을(를) 입력해 주세요.`, en: (l) => `${l} is required.` },
  invalid: { ko: (l, r) => `${l} 값이 올바르지 않습니다. (${r})`, en: (l, r) => `${l} is not valid: ${r}.` },
  unknownType: { ko: (l) => `${l}이(가) 목록에 없습니다.`, en: (l) => `${l} is not in the list.` },
  unknownMember: { ko: (l) => `${l}: 워크스페이스의 활성 구성원이 아닙니다.`, en: (l) => `${l}: not an active member of this workspace.` },
  notAllowed: { ko: (l) => `${l}: 다른 담당자로 등록하려면 계약 관리자 권한이 필요합니다.`, en: (l) => `${l}: registering for someone else needs the contract admin permission.` },
  unknownGroup: { ko: (l) => `${l}: 워크스페이스에 없는 그룹입니다.`, en: (l) => `${l}: no such group in this workspace.` },
  unknownFile: { ko: (l, r) => `${l}: 업로드한 파일 중에 없습니다. (${r.replace(/^.*: /, '')})`, en: (l, r) => `${l}: ${r}.` },
  failed: { ko: (l, r) => `${l}: 등록하지 못했습니다. (${r})`, en: (l, r) => `${l}: could not be registered (${r}).` },
};

export function rowErrorDto(e: StoredRowError, locale: Locale): BulkRowError {
  const label = BULK_COLUMN_LABELS[e.field][locale];
  return { ...e, message: (MESSAGES[e.code] ?? MESSAGES.invalid!)[locale](label, e.reason) };
}

/** Counts of a request's rows by status, for the request row. */
export const rowCountsSql = {
  totalRows: sql<number>`count(*)::int`,
  pendingRows: sql<number>`(count(*) filter (where status = 'PENDING'))::int`,
  invalidRows: sql<number>`(count(*) filter (where status = 'INVALID'))::int`,
  registeredRows: sql<number>`(count(*) filter (where status = 'REGISTERED'))::int`,
  failedRows: sql<number>`(count(*) filter (where status = 'FAILED'))::int`,
};
