import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// The closed vocabularies of the contract repository (catalogue 3 "contract", 7.3, 7.6), each with
// its Korean and English names, served by GET /api/alex/contract-types/v1 and
// GET /api/conhub/contracts/meta/v2|v3 so that the web app never hard-codes a label.
// ---------------------------------------------------------------------------------------------

export interface Named<C extends string> {
  code: C;
  name: { ko: string; en: string };
}

const named = <const C extends string>(entries: ReadonlyArray<readonly [C, string, string]>): Array<Named<C>> =>
  entries.map(([code, ko, en]) => ({ code, name: { ko, en } }));

/**
 * The lifecycle of a contract. DRAFT..IN_SIGNING are driven by the workflow engine (review,
 * approval, signing); the repository registers executed contracts directly as SIGNED, ACTIVE,
 * EXPIRED or TERMINATED. The allowed moves are in the server's contracts.state.ts.
 */
export const CONTRACT_STATUSES = ['DRAFT', 'IN_REVIEW', 'IN_APPROVAL', 'IN_SIGNING', 'SIGNED', 'ACTIVE', 'EXPIRED', 'TERMINATED', 'CANCELED'] as const;
export const ContractStatusSchema = z.enum(CONTRACT_STATUSES);
export type ContractStatus = z.infer<typeof ContractStatusSchema>;

/** Statuses a contract may be created in; the IN_* statuses belong to a running workflow. */
export const REGISTRABLE_CONTRACT_STATUSES = ['DRAFT', 'SIGNED', 'ACTIVE', 'EXPIRED', 'TERMINATED'] as const satisfies readonly ContractStatus[];
export const RegistrableContractStatusSchema = z.enum(REGISTRABLE_CONTRACT_STATUSES);

export const CONTRACT_STATUS_GROUPS = ['IN_PROGRESS', 'EXECUTED', 'CLOSED'] as const;
export type ContractStatusGroup = (typeof CONTRACT_STATUS_GROUPS)[number];

export const CONTRACT_STATUS_CATALOGUE: Array<Named<ContractStatus> & { group: ContractStatusGroup }> = [
  { code: 'DRAFT', name: { ko: '작성 중', en: 'Draft' }, group: 'IN_PROGRESS' },
  { code: 'IN_REVIEW', name: { ko: '검토 중', en: 'In review' }, group: 'IN_PROGRESS' },
  { code: 'IN_APPROVAL', name: { ko: '결재 중', en: 'In approval' }, group: 'IN_PROGRESS' },
  { code: 'IN_SIGNING', name: { ko: '서명 중', en: 'In signing' }, group: 'IN_PROGRESS' },
  { code: 'SIGNED', name: { ko: '체결 완료', en: 'Signed' }, group: 'EXECUTED' },
  { code: 'ACTIVE', name: { ko: '이행 중', en: 'Active' }, group: 'EXECUTED' },
  { code: 'EXPIRED', name: { ko: '만료', en: 'Expired' }, group: 'CLOSED' },
  { code: 'TERMINATED', name: { ko: '해지', en: 'Terminated' }, group: 'CLOSED' },
  { code: 'CANCELED', name: { ko: '취소', en: 'Canceled' }, group: 'CLOSED' },
];

/** Contract types (the workspace-configurable list of btls comes with the standard forms issue). */
export const CONTRACT_TYPE_CATALOGUE = named([
  ['NDA', '비밀유지계약', 'Non-disclosure agreement'],
  ['SERVICE', '용역계약', 'Service agreement'],
  ['SUPPLY', '물품공급계약', 'Supply agreement'],
  ['SALES', '매매계약', 'Sales agreement'],
  ['LEASE', '임대차계약', 'Lease agreement'],
  ['EMPLOYMENT', '근로계약', 'Employment contract'],
  ['LICENSE', '라이선스계약', 'License agreement'],
  ['PARTNERSHIP', '업무제휴계약', 'Partnership agreement'],
  ['MOU', '양해각서', 'Memorandum of understanding'],
  ['OUTSOURCING', '위탁계약', 'Outsourcing agreement'],
  ['SUBCONTRACT', '하도급계약', 'Subcontract'],
  ['CONSTRUCTION', '공사도급계약', 'Construction contract'],
  ['LOAN', '금전소비대차계약', 'Loan agreement'],
  ['INVESTMENT', '투자계약', 'Investment agreement'],
  ['DISTRIBUTION', '대리점계약', 'Distribution agreement'],
  ['AMENDMENT', '변경계약', 'Amendment'],
  ['OTHER', '기타', 'Other'],
] as const);
export const CONTRACT_TYPES = CONTRACT_TYPE_CATALOGUE.map((t) => t.code) as [ContractType, ...ContractType[]];
export type ContractType = (typeof CONTRACT_TYPE_CATALOGUE)[number]['code'];
export const ContractTypeSchema = z.enum(CONTRACT_TYPES);

export const CONTRACT_LANGUAGE_CATALOGUE = named([
  ['ko', '한국어', 'Korean'],
  ['en', '영어', 'English'],
  ['ja', '일본어', 'Japanese'],
  ['zh', '중국어', 'Chinese'],
  ['other', '기타', 'Other'],
] as const);
export const CONTRACT_LANGUAGES = CONTRACT_LANGUAGE_CATALOGUE.map((l) => l.code) as [ContractLanguage, ...ContractLanguage[]];
export type ContractLanguage = (typeof CONTRACT_LANGUAGE_CATALOGUE)[number]['code'];
export const ContractLanguageSchema = z.enum(CONTRACT_LANGUAGES);

export const SIGNING_TYPE_CATALOGUE = named([
  ['PAPER', '서면 날인', 'Wet ink / seal on paper'],
  ['ELECTRONIC', '전자서명', 'Electronic signature'],
  ['OTHER', '기타', 'Other'],
] as const);
export const SIGNING_TYPES = SIGNING_TYPE_CATALOGUE.map((s) => s.code) as [SigningType, ...SigningType[]];
export type SigningType = (typeof SIGNING_TYPE_CATALOGUE)[number]['code'];
export const SigningTypeSchema = z.enum(SIGNING_TYPES);

export const DISPUTE_RESOLUTION_CATALOGUE = named([
  ['LITIGATION', '소송', 'Litigation'],
  ['ARBITRATION', '중재', 'Arbitration'],
  ['MEDIATION', '조정', 'Mediation'],
  ['OTHER', '기타', 'Other'],
] as const);
export const DISPUTE_RESOLUTION_METHODS = DISPUTE_RESOLUTION_CATALOGUE.map((d) => d.code) as [DisputeResolutionMethod, ...DisputeResolutionMethod[]];
export type DisputeResolutionMethod = (typeof DISPUTE_RESOLUTION_CATALOGUE)[number]['code'];
export const DisputeResolutionMethodSchema = z.enum(DISPUTE_RESOLUTION_METHODS);

/** Our side of the contract: 갑, 을, 병 (first, second, third party). */
export const OUR_POSITION_CATALOGUE = named([
  ['PARTY_A', '갑', 'Party A'],
  ['PARTY_B', '을', 'Party B'],
  ['PARTY_C', '병', 'Party C'],
  ['OTHER', '기타', 'Other'],
] as const);
export const OUR_POSITIONS = OUR_POSITION_CATALOGUE.map((p) => p.code) as [OurPosition, ...OurPosition[]];
export type OurPosition = (typeof OUR_POSITION_CATALOGUE)[number]['code'];
export const OurPositionSchema = z.enum(OUR_POSITIONS);

export const COUNTERPARTY_TYPE_CATALOGUE = named([
  ['COMPANY', '법인/사업자', 'Company'],
  ['PERSON', '개인', 'Person'],
] as const);
export const COUNTERPARTY_TYPES = ['COMPANY', 'PERSON'] as const;
export const CounterpartyTypeSchema = z.enum(COUNTERPARTY_TYPES);
export type CounterpartyType = z.infer<typeof CounterpartyTypeSchema>;

/** What an attached file is to the contract. */
export const CONTRACT_FILE_ROLE_CATALOGUE = named([
  ['MAIN', '계약서', 'Contract document'],
  ['APPENDIX', '부속서류', 'Appendix'],
  ['ATTACHMENT', '참고자료', 'Supporting file'],
] as const);
export const CONTRACT_FILE_ROLES = ['MAIN', 'APPENDIX', 'ATTACHMENT'] as const;
export const ContractFileRoleSchema = z.enum(CONTRACT_FILE_ROLES);
export type ContractFileRole = z.infer<typeof ContractFileRoleSchema>;

/** What a reference (reference groups, related references) points at. */
export const REFERENCE_TYPE_CATALOGUE = named([
  ['CONTRACT', '계약', 'Contract'],
  ['CONSULTING', '자문', 'Consulting'],
  ['LITIGATION', '소송', 'Litigation'],
  ['URL', '링크', 'Link'],
  ['OTHER', '기타', 'Other'],
] as const);
export const REFERENCE_TYPES = ['CONTRACT', 'CONSULTING', 'LITIGATION', 'URL', 'OTHER'] as const;
export const ReferenceTypeSchema = z.enum(REFERENCE_TYPES);
export type ReferenceType = z.infer<typeof ReferenceTypeSchema>;

/** Currencies offered first in pickers; any ISO 4217 code is accepted. */
export const COMMON_CURRENCIES = ['KRW', 'USD', 'EUR', 'JPY', 'CNY', 'GBP', 'HKD', 'SGD', 'VND'] as const;

const ISO_CURRENCIES: ReadonlySet<string> | null = (() => {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  return typeof intl.supportedValuesOf === 'function' ? new Set(intl.supportedValuesOf('currency')) : null;
})();

/** ISO 4217: three capital letters, and a code the runtime knows when it can tell. */
export function isIsoCurrency(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && (ISO_CURRENCIES === null || ISO_CURRENCIES.has(code));
}

export const CONTRACT_LIMITS = {
  titleMaxLength: 200,
  memoMaxLength: 5000,
  shortTextMaxLength: 200,
  addressMaxLength: 500,
  counterpartiesMax: 20,
  contactsMax: 10,
  hashtagsMax: 20,
  hashtagMaxLength: 30,
  usersMax: 50,
  filesMax: 50,
  referenceGroupsMax: 20,
  referencesMax: 50,
  keywordMaxLength: 200,
  scrollFetchSizeMax: 100,
  /** numeric(20,4): 16 integer digits, 4 decimals. */
  amountIntegerDigits: 16,
  amountScale: 4,
} as const;
