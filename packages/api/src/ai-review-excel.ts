import { z } from 'zod';
import { WorkspaceTargetSchema } from './ai-platform';
import { defineRoute } from './http';

// ---------------------------------------------------------------------------------------------
// Super admin: the playbook of a workspace as Excel (catalogue 7.1). The downloads list the starter
// checkpoints and the workspace's own ones with the same columns as the imports, so a download can
// be edited and uploaded again. An import checks every row first and writes nothing when any row is
// wrong (400 ERROR_VALIDATION, data.fieldErrors with fields `rows.<sheet row>.<column>`).
// ---------------------------------------------------------------------------------------------

const tags = ['aireview'];

/** The columns of the checkpoint sheet, in order (the header cell ends with the key in brackets). */
export const CHECKPOINT_SHEET_COLUMNS = [
  'origin', 'code', 'contractType', 'label', 'protects', 'risk', 'isActive',
  'questionKo', 'questionEn', 'metWhenKo', 'metWhenEn', 'rationaleKo', 'rationaleEn', 'standardClauseKo', 'standardClauseEn',
  'ruleKind', 'ruleLabels', 'patternsKo', 'patternsEn', 'unlessKo', 'unlessEn', 'unit', 'min', 'max', 'missing', 'legalBasis',
] as const;
export type CheckpointSheetColumn = (typeof CHECKPOINT_SHEET_COLUMNS)[number];

export const CHECKPOINT_SHEET_LABELS: Record<CheckpointSheetColumn, string> = {
  origin: '구분', code: '코드', contractType: '계약 유형', label: '조항 라벨', protects: '보호 입장', risk: '위험도', isActive: '사용',
  questionKo: '질문(한국어)', questionEn: '질문(영어)', metWhenKo: '충족 기준(한국어)', metWhenEn: '충족 기준(영어)',
  rationaleKo: '근거 설명(한국어)', rationaleEn: '근거 설명(영어)', standardClauseKo: '표준 조항(한국어)', standardClauseEn: '표준 조항(영어)',
  ruleKind: '규칙 종류', ruleLabels: '규칙 라벨', patternsKo: '패턴(한국어)', patternsEn: '패턴(영어)', unlessKo: '예외 패턴(한국어)', unlessEn: '예외 패턴(영어)',
  unit: '단위', min: '최솟값', max: '최댓값', missing: '조항 없을 때', legalBasis: '법적 근거',
};

/** The columns of the clause-example sheet, in order. */
export const CLAUSE_EXAMPLE_SHEET_COLUMNS = ['origin', 'code', 'language', 'text'] as const;
export type ClauseExampleSheetColumn = (typeof CLAUSE_EXAMPLE_SHEET_COLUMNS)[number];
export const CLAUSE_EXAMPLE_SHEET_LABELS: Record<ClauseExampleSheetColumn, string> = { origin: '구분', code: '체크포인트 코드', language: '언어', text: '예시 조항' };

export const PLAYBOOK_SHEET_LIMITS = { maxRows: 2000, maxBytes: 5 * 1024 * 1024 } as const;

export const CheckpointImportResultSchema = z.object({
  created: z.number().int().describe('New workspace checkpoints'),
  updated: z.number().int().describe('Workspace checkpoints whose definition changed'),
  unchanged: z.number().int(),
  switched: z.number().int().describe('Starter checkpoints switched on or off'),
});
export type CheckpointImportResult = z.infer<typeof CheckpointImportResultSchema>;

export const ClauseExampleImportResultSchema = z.object({
  checkpoints: z.number().int().describe('Checkpoints whose examples were replaced'),
  examples: z.number().int().describe('Examples stored for the workspace (shipped starter examples are kept and not counted)'),
});
export type ClauseExampleImportResult = z.infer<typeof ClauseExampleImportResultSchema>;

const sheetNote = 'multipart/form-data with one part `file` (.xlsx, at most 5 MB, the first visible sheet, row 1 the header). 415 for anything else.';

export const superAdminDownloadLabelCheckpoints = defineRoute({
  method: 'GET', path: '/api/aireview/super-admin/label-checkpoints/excel/v1', access: 'superAdmin', tags, raw: true,
  summary: 'Super admin: the starter checkpoints and the workspace\'s own ones as .xlsx, in the columns of the import. 404 for an unknown workspace.',
  schemas: { query: WorkspaceTargetSchema },
});

export const superAdminImportLabelCheckpoints = defineRoute({
  method: 'POST', path: '/api/aireview/super-admin/label-checkpoints/excel/v1', access: 'superAdmin', tags,
  summary:
    `Super admin: imports the workspace's checkpoints from a sheet. ${sheetNote} Rows of workspace codes are created or updated by code ` +
    '(checkpoints absent from the sheet stay); rows of starter codes may only switch isActive. Every row is checked (enums, patterns compile, ' +
    "legal basis such as '민법 제398조②' resolves to article text) and nothing is written when any row is wrong. Audited.",
  schemas: { query: WorkspaceTargetSchema, data: CheckpointImportResultSchema },
});

export const superAdminDownloadClauseExamples = defineRoute({
  method: 'GET', path: '/api/aireview/super-admin/clause-examples/excel/v1', access: 'superAdmin', tags, raw: true,
  summary: 'Super admin: the clause examples of the workspace\'s playbook (starter and own checkpoints) as .xlsx, one example a row.',
  schemas: { query: WorkspaceTargetSchema },
});

export const superAdminReplaceClauseExamples = defineRoute({
  method: 'PUT', path: '/api/aireview/super-admin/clause-examples/excel/v1', access: 'superAdmin', tags,
  summary:
    `Super admin: replaces the workspace's clause examples of its checkpoints with the sheet. ${sheetNote} The shipped examples of starter ` +
    'checkpoints always stay (rows repeating them are skipped); every other row is stored for the workspace. Nothing is written when any row is wrong. Audited.',
  schemas: { query: WorkspaceTargetSchema, data: ClauseExampleImportResultSchema },
});
