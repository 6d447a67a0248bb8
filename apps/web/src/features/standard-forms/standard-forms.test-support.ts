import {
  type StandardFormDetail, type StandardFormSummary, type TemplateDetail, type TemplateVersion, type VariableConfig, getStandardFormMeta,
} from '@legal/api';
import { vi } from 'vitest';
import { FakeXhr } from '../../lib/api/fake-xhr';
import { type FakeApi, installFakeApi, ok } from '../../test/fake-api';
import { hanbit, serveSession, signInToHanbit } from '../../test/session-fixtures';

/** For the standard-form screens' tests (not a test file itself): fixtures and a signed-in member of hanbit (CLM). */

export const WRITER = ['standard_form.form.read', 'standard_form.form.write', 'contract.contract.read', 'contract.contract.write'];
export const READER = ['standard_form.form.read', 'contract.contract.read', 'contract.contract.write'];

export function signInToLibrary(permissions: string[] = WRITER): FakeApi {
  signInToHanbit(permissions, 'member@hanbit.example');
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  FakeXhr.reset();
  return serveSession(installFakeApi(), { launcher: [hanbit], permissions }).on(getStandardFormMeta, ok(META));
}

export const META = {
  contractTypes: [{ code: 'NDA', name: { ko: '비밀유지계약', en: 'Non-disclosure agreement' } }, { code: 'SERVICE', name: { ko: '용역계약', en: 'Service agreement' } }],
  categoryTypes: ['인사', '영업'],
  languages: ['ko', 'en'],
  activeStatuses: ['ACTIVE', 'INACTIVE'],
  authors: [{ userId: 41, displayName: '김민준' }],
  variableTypes: ['TEXT', 'LONG_TEXT', 'DATE', 'AMOUNT', 'NUMBER', 'PARTY', 'CHOICE', 'OPTIONAL_CLAUSE'],
  contractFieldMappings: ['TITLE', 'COUNTERPARTY_NAME', 'AMOUNT', 'START_DATE', 'END_DATE', 'SIGNED_DATE', 'GOVERNING_LAW', 'VENUE'],
};

const AUTHOR = { userId: 41, displayName: '김민준' };

export function configOf(key: string, over: Partial<VariableConfig> = {}): VariableConfig {
  return {
    key, type: 'TEXT', label: { ko: key, en: key }, required: false, help: null, defaultValue: null, order: 0, options: [],
    minLength: null, maxLength: null, pattern: null, mapsTo: null, ...over,
  };
}

export const VARIABLES: VariableConfig[] = [
  configOf('counterparty', { type: 'PARTY', label: { ko: '상대방', en: 'Counterparty' }, required: true, order: 0, mapsTo: 'COUNTERPARTY_NAME' }),
  configOf('startDate', { type: 'DATE', label: { ko: '시작일', en: 'Start date' }, required: true, order: 1, mapsTo: 'START_DATE' }),
  configOf('fee', { type: 'AMOUNT', label: { ko: '용역대금', en: 'Fee' }, required: true, order: 2, mapsTo: 'AMOUNT' }),
  configOf('penalty', { type: 'OPTIONAL_CLAUSE', label: { ko: '위약벌 조항', en: 'Penalty clause' }, order: 3 }),
];

export const TEMPLATE_TEXT = '용역계약서\n갑과 {{counterparty}}은 다음과 같이 계약한다.\n제1조 (기간) 계약은 {{startDate}}에 시작한다.\n제2조 (대금) 대금은 {{fee}}으로 한다.\n{{#penalty}}제3조 (위약벌) 위반 시 대금의 10%를 지급한다.{{/penalty}}';

export function versionOf(version: number, over: Partial<TemplateVersion> = {}): TemplateVersion {
  return {
    version, source: 'UPLOAD', rolledBackFrom: null, fileName: `service-v${version}.docx`, fileSize: 20480, fileFormat: 'DOCX', variableCount: 4,
    comment: version === 1 ? '최초 등록' : '대금 조항 수정', createdBy: AUTHOR, createdAt: `2026-11-2${version}T01:00:00.000Z`, ...over,
  };
}

export function summaryOf(standardFormId: number, title: string, over: Partial<StandardFormSummary> = {}): StandardFormSummary {
  return {
    standardFormId, scope: 'WORKSPACE', title, description: null, contractType: 'SERVICE', language: 'ko', categoryType: '영업', activeStatus: 'ACTIVE',
    latestVersion: 2, variableCount: 4, attachmentCount: 0, bookmarked: false, createdBy: AUTHOR, updatedBy: AUTHOR,
    createdAt: '2026-11-21T01:00:00.000Z', updatedAt: '2026-11-22T01:00:00.000Z', version: 5, ...over,
  };
}

export function detailOf(over: Partial<StandardFormDetail> = {}): StandardFormDetail {
  return {
    ...summaryOf(7, '용역계약서 (표준)'),
    source: null, latest: versionOf(2), variables: VARIABLES, attachments: [], abilities: { edit: true, draft: true }, ...over,
  };
}

export function templateOf(version: number, text = TEMPLATE_TEXT): TemplateDetail {
  return { ...versionOf(version), variables: VARIABLES, text };
}

export function pageOf<T>(content: T[], page = 0, totalElements = content.length, size = 30) {
  return { content, page, size, totalElements, totalPages: Math.max(1, Math.ceil(totalElements / size)) };
}

export { ok };
