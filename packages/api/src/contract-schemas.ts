import { z } from 'zod';
import {
  CONTRACT_LIMITS as L, ContractFileRoleSchema, ContractLanguageSchema, ContractStatusSchema, ContractTypeSchema, CounterpartyTypeSchema,
  DisputeResolutionMethodSchema, isIsoCurrency, OurPositionSchema, ReferenceTypeSchema, RegistrableContractStatusSchema, SigningTypeSchema,
} from './contract-catalogue';
import { ExtractionStatusSchema, FileKeySchema, FileKindSchema } from './files';

// ---------------------------------------------------------------------------------------------
// Contract bodies and answers. Dates are ISO dates (2026-11-21); money is a decimal string plus an
// ISO 4217 currency (API-CONVENTIONS "Dates", "Money"). In bodies, `null` clears a field.
// ---------------------------------------------------------------------------------------------

export const ContractIdSchema = z.coerce.number().int().positive();
export const ContractParamsSchema = z.object({ contractId: ContractIdSchema });

const text = (max: number) => z.string().trim().min(1).max(max);
const clearable = (max: number) => text(max).nullable();
const userId = z.number().int().positive();
const uniqueList = <T extends z.ZodType>(item: T, max: number, key: (v: z.output<T>) => unknown = (v) => v) =>
  z.array(item).max(max).refine((list) => new Set(list.map(key)).size === list.length, 'each entry once');

export const IsoDateSchema = z.iso.date().describe('ISO date, e.g. 2026-11-21');
export const AmountSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{1,${L.amountIntegerDigits}}(\\.\\d{1,${L.amountScale}})?$`), `a decimal string (up to ${L.amountIntegerDigits} digits and ${L.amountScale} decimals), e.g. "1500000.50"`)
  .describe('Decimal string, never a float');
export const CurrencySchema = z.string().trim().refine(isIsoCurrency, 'an ISO 4217 currency code such as KRW').describe('ISO 4217');

/** Business registration number: 10 digits are written 123-45-67890; foreign numbers are kept as typed. */
export const BusinessRegistrationNumberSchema = z
  .string()
  .trim()
  .regex(/^[0-9A-Za-z-]{1,30}$/, 'digits, letters and hyphens (at most 30)')
  .transform((v) => {
    const digits = v.replace(/-/g, '');
    return /^\d{10}$/.test(digits) ? `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}` : v;
  });

export const ContactSchema = z
  .object({
    name: text(100).nullable().optional(),
    email: z.email().max(254).nullable().optional(),
    phone: z.string().trim().regex(/^[0-9+()\- ]{3,30}$/, 'a phone number').nullable().optional(),
    department: text(100).nullable().optional(),
  })
  .refine((c) => Boolean(c.name || c.email || c.phone), 'a name, an e-mail address or a phone number');
export type Contact = z.infer<typeof ContactSchema>;

/** A counterparty as sent: the same fields serve contracts' counterparties and the bookmarks. */
export const CounterpartyInputSchema = z
  .object({
    counterpartyType: CounterpartyTypeSchema,
    name: text(L.shortTextMaxLength),
    businessRegistrationNumber: BusinessRegistrationNumberSchema.nullable().optional(),
    representative: text(100).nullable().optional(),
    address: text(L.addressMaxLength).nullable().optional(),
    contacts: z.array(ContactSchema).max(L.contactsMax).default([]),
  })
  .superRefine((c, issue) => {
    if (c.counterpartyType === 'PERSON' && c.businessRegistrationNumber) {
      issue.addIssue({ code: 'custom', path: ['businessRegistrationNumber'], message: 'only a COMPANY has a business registration number' });
    }
  });
export type CounterpartyInput = z.input<typeof CounterpartyInputSchema>;

/** Two counterparties of one contract are the same when their type and name agree, ignoring case, width and spaces. */
export function counterpartyKey(c: { counterpartyType: string; name: string }): string {
  return `${c.counterpartyType}:${c.name.normalize('NFKC').toLowerCase().replace(/\s+/g, '')}`;
}

/** `#갱신` and `갱신` are the same hashtag: the leading # is dropped, no spaces, commas or #. */
export const HashtagNameSchema = z
  .string()
  .transform((v) => v.normalize('NFC').trim().replace(/^#+/, ''))
  .pipe(z.string().min(1).max(L.hashtagMaxLength).regex(/^[^\s,#]+$/, 'no spaces, commas or #'));

export const ReferenceInputSchema = z
  .object({
    referenceType: ReferenceTypeSchema,
    referenceId: text(500).nullable().optional().describe('CONTRACT: a contract id of this workspace the caller can see; URL: an http(s) address'),
    label: text(L.shortTextMaxLength),
  })
  .superRefine((r, issue) => {
    if (r.referenceType === 'CONTRACT' && !/^[1-9]\d{0,15}$/.test(r.referenceId ?? '')) {
      issue.addIssue({ code: 'custom', path: ['referenceId'], message: 'a contract id' });
    }
    if (r.referenceType === 'URL' && !/^https?:\/\/\S+$/i.test(r.referenceId ?? '')) {
      issue.addIssue({ code: 'custom', path: ['referenceId'], message: 'an http(s) address' });
    }
  });
export type ReferenceInput = z.input<typeof ReferenceInputSchema>;

export const ReferenceGroupInputSchema = z.object({
  name: text(100),
  references: z.array(ReferenceInputSchema).max(L.referencesMax),
});

export const ContractFileInputSchema = z.object({
  fileKey: FileKeySchema.describe('An arxive file of this workspace that the caller may read (upload it first with POST /api/arxive/files/v2)'),
  role: ContractFileRoleSchema.default('MAIN'),
});

export const HashtagListSchema = uniqueList(HashtagNameSchema, L.hashtagsMax);
export const UserIdListSchema = uniqueList(userId, L.usersMax);
export const ContractFileListSchema = uniqueList(ContractFileInputSchema, L.filesMax, (f) => f.fileKey);

/** Cross-field rules shared by every body that carries the fields: amount with currency, start before end. */
function checkFieldPairs(b: { amount?: string | null; currency?: string | null; startDate?: string | null; endDate?: string | null }, issue: z.RefinementCtx) {
  if (b.amount != null && b.currency == null) issue.addIssue({ code: 'custom', path: ['currency'], message: 'a currency goes with the amount' });
  if (b.currency != null && b.amount == null) issue.addIssue({ code: 'custom', path: ['amount'], message: 'an amount goes with the currency' });
  if (b.startDate && b.endDate && b.startDate > b.endDate) issue.addIssue({ code: 'custom', path: ['endDate'], message: 'on or after the start date' });
}

/** The contract's own fields (children such as counterparties have their own routes). */
const ownFields = {
  title: text(L.titleMaxLength),
  contractType: ContractTypeSchema,
  language: ContractLanguageSchema.default('ko'),
  memo: z.string().trim().max(L.memoMaxLength).nullable().optional(),
  venue: clearable(L.shortTextMaxLength).optional().describe('Where the contract is (or was) signed'),
  signingType: SigningTypeSchema.nullable().optional(),
  signedDate: IsoDateSchema.nullable().optional(),
  startDate: IsoDateSchema.nullable().optional(),
  endDate: IsoDateSchema.nullable().optional(),
  amount: AmountSchema.nullable().optional(),
  currency: CurrencySchema.nullable().optional(),
  governingLaw: clearable(L.shortTextMaxLength).optional(),
  disputeResolutionMethod: DisputeResolutionMethodSchema.nullable().optional(),
  ourPosition: OurPositionSchema.nullable().optional(),
  desiredReviewDeadline: IsoDateSchema.nullable().optional(),
};

const createFields = {
  ...ownFields,
  status: RegistrableContractStatusSchema.default('DRAFT').describe('DRAFT, or an executed status when registering an existing contract'),
  ownerUserId: userId.optional().describe('Defaults to the caller; someone else needs contract.contract.admin'),
  groupId: z.number().int().positive().nullable().optional(),
  conhubContractId: text(64).nullable().optional(),
  hashtags: HashtagListSchema.default([]).describe('Names; missing ones are added to the workspace list'),
  counterparties: uniqueList(CounterpartyInputSchema, L.counterpartiesMax, counterpartyKey).default([]).describe('Each counterparty once (counterpartyKey: type and name)'),
  watcherUserIds: UserIdListSchema.default([]),
  userIds: UserIdListSchema.default([]).describe('Related users (담당자) who may read the contract'),
  referenceGroups: z.array(ReferenceGroupInputSchema).max(L.referenceGroupsMax).default([]),
  relatedReferences: z.array(ReferenceInputSchema).max(L.referencesMax).default([]),
};

export const CreateContractBodySchema = z.object(createFields).superRefine(checkFieldPairs);
export type CreateContractBody = z.input<typeof CreateContractBodySchema>;

/** v7: the same with the contract's files, already uploaded through arxive (JSON, not multipart). */
export const CreateContractWithFilesBodySchema = z
  .object({ ...createFields, files: ContractFileListSchema.refine((l) => l.length > 0, 'at least one file') })
  .superRefine(checkFieldPairs);
export type CreateContractWithFilesBody = z.input<typeof CreateContractWithFilesBodySchema>;

/** PUT v2: the whole set of own fields (omitted optional fields are cleared) at the version the client read. */
export const ReplaceContractBodySchema = z
  .object({ ...ownFields, version: z.number().int().positive().describe('The version the edit is based on; another version answers 409 ERROR_CONFLICT') })
  .superRefine(checkFieldPairs);
export type ReplaceContractBody = z.input<typeof ReplaceContractBodySchema>;

/** PUT simple: any subset of the scalar fields; only those are written. */
export const SimpleUpdateBodySchema = z
  .object({
    title: ownFields.title.optional(),
    contractType: ContractTypeSchema.optional(),
    language: ContractLanguageSchema.optional(),
    startDate: ownFields.startDate,
    endDate: ownFields.endDate,
    signedDate: ownFields.signedDate,
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'nothing to update')
  .superRefine(checkFieldPairs);

// Per-field bodies (7.3, 7.6): each PUT writes only its fields.
export const TitleBodySchema = z.object({ title: ownFields.title });
export const VenueBodySchema = z.object({ venue: clearable(L.shortTextMaxLength) });
export const StartEndDateBodySchema = z.object({ startDate: IsoDateSchema.nullable(), endDate: IsoDateSchema.nullable() }).superRefine(checkFieldPairs);
export const SigningTypeBodySchema = z.object({ signingType: SigningTypeSchema.nullable() });
export const SignedDateBodySchema = z.object({ signedDate: IsoDateSchema.nullable() });
export const OurPositionBodySchema = z.object({ ourPosition: OurPositionSchema.nullable() });
export const MemoBodySchema = z.object({ memo: z.string().trim().max(L.memoMaxLength).nullable() });
export const GoverningLawBodySchema = z.object({ governingLaw: clearable(L.shortTextMaxLength) });
export const DisputeResolutionBodySchema = z.object({ disputeResolutionMethod: DisputeResolutionMethodSchema.nullable() });
export const AmountCurrencyBodySchema = z.object({ amount: AmountSchema.nullable(), currency: CurrencySchema.nullable() }).superRefine(checkFieldPairs);
export const HashtagsBodySchema = z.object({ hashtags: HashtagListSchema });
export const FilesBodySchema = z.object({ files: ContractFileListSchema.describe('The whole new list; files left out are detached (not deleted)') });
export const CounterpartiesBodySchema = z.object({
  counterparties: z.array(CounterpartyInputSchema).max(L.counterpartiesMax).describe('The whole new list, in order'),
});
export const UsersBodySchema = z.object({ userIds: UserIdListSchema });
export const ReferenceGroupsBodySchema = z.object({ referenceGroups: z.array(ReferenceGroupInputSchema).max(L.referenceGroupsMax) });
export const RelatedReferencesBodySchema = z.object({ relatedReferences: z.array(ReferenceInputSchema).max(L.referencesMax) });
export const OwnerBodySchema = z.object({ ownerUserId: userId });
export const GroupBodySchema = z.object({ groupId: z.number().int().positive().nullable() });
export const DesiredReviewDeadlineBodySchema = z.object({ desiredReviewDeadline: IsoDateSchema.nullable() });
export const WatchersBodySchema = z.object({ watcherUserIds: UserIdListSchema });

// Answers ---------------------------------------------------------------------------------------

export const UserRefSchema = z.object({ userId: z.number().int(), displayName: z.string().nullable().describe('Name in this workspace; null when no longer a member') });

export const CounterpartySchema = z.object({
  id: z.number().int(),
  counterpartyType: CounterpartyTypeSchema,
  name: z.string(),
  businessRegistrationNumber: z.string().nullable(),
  representative: z.string().nullable(),
  address: z.string().nullable(),
  contacts: z.array(z.object({ name: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable(), department: z.string().nullable() })),
});
export type Counterparty = z.infer<typeof CounterpartySchema>;

export const ReferenceSchema = z.object({ referenceType: ReferenceTypeSchema, referenceId: z.string().nullable(), label: z.string() });
export const ContractFileSchema = z.object({
  fileKey: z.string(),
  role: ContractFileRoleSchema,
  displayName: z.string(),
  fileType: FileKindSchema,
  size: z.number().int(),
  extractionStatus: ExtractionStatusSchema.describe('Text extraction of the current revision; search covers the text once DONE'),
});

export const ContractAbilitiesSchema = z.object({
  canUpdate: z.boolean(),
  canDelete: z.boolean(),
  canChangeOwner: z.boolean(),
  canManageWatchers: z.boolean(),
  canBookmark: z.boolean(),
});
export type ContractAbilities = z.infer<typeof ContractAbilitiesSchema>;

const scalarAnswers = {
  id: z.number().int(),
  title: z.string(),
  contractType: ContractTypeSchema,
  language: ContractLanguageSchema,
  status: ContractStatusSchema,
  signedDate: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  amount: z.string().nullable().describe('Decimal string without trailing zeros'),
  currency: z.string().nullable(),
  owner: UserRefSchema,
  group: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  desiredReviewDeadline: z.string().nullable(),
  version: z.number().int().describe('Send it back with PUT v2'),
  isBookmarked: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  abilities: ContractAbilitiesSchema,
};

/** GET conhub basic/v2: the header of the detail screen. */
export const ContractBasicSchema = z.object(scalarAnswers);
export type ContractBasic = z.infer<typeof ContractBasicSchema>;

export const ContractDetailSchema = z.object({
  ...scalarAnswers,
  memo: z.string().nullable(),
  venue: z.string().nullable(),
  signingType: SigningTypeSchema.nullable(),
  governingLaw: z.string().nullable(),
  disputeResolutionMethod: DisputeResolutionMethodSchema.nullable(),
  ourPosition: OurPositionSchema.nullable(),
  conhubContractId: z.string().nullable(),
  createdBy: UserRefSchema.nullable(),
  counterparties: z.array(CounterpartySchema),
  hashtags: z.array(z.object({ id: z.number().int(), name: z.string() })),
  files: z.array(ContractFileSchema),
  watchers: z.array(UserRefSchema),
  users: z.array(UserRefSchema),
  referenceGroups: z.array(z.object({ name: z.string(), references: z.array(ReferenceSchema) })),
  relatedReferences: z.array(ReferenceSchema),
});
export type ContractDetail = z.infer<typeof ContractDetailSchema>;

/** A row of the repository list and of search answers. */
export const ContractSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  contractType: ContractTypeSchema,
  status: ContractStatusSchema,
  counterpartyNames: z.array(z.string()),
  hashtags: z.array(z.string()),
  owner: UserRefSchema,
  group: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  signedDate: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  amount: z.string().nullable(),
  currency: z.string().nullable(),
  isBookmarked: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContractSummary = z.infer<typeof ContractSummarySchema>;

/** The fields a per-field rule (state, audit) talks about. */
export const CONTRACT_FIELDS = [
  'title', 'contractType', 'language', 'memo', 'venue', 'signingType', 'signedDate', 'startDate', 'endDate', 'amount', 'currency',
  'governingLaw', 'disputeResolutionMethod', 'ourPosition', 'desiredReviewDeadline', 'owner', 'group', 'hashtags', 'counterparties',
  'files', 'watchers', 'users', 'referenceGroups', 'relatedReferences',
] as const;
export type ContractField = (typeof CONTRACT_FIELDS)[number];
export const ContractFieldSchema = z.enum(CONTRACT_FIELDS);

export const ContractPermissionsSchema = ContractAbilitiesSchema.extend({
  contractId: z.number().int(),
  canRead: z.boolean(),
  frozenFields: z.array(ContractFieldSchema).describe('Fields the contract\'s status does not let anyone edit now (a running approval or signing)'),
});
