import { CreateContractBodySchema, type DraftFromFileBodySchema, type DraftFromFormBodySchema, type VariableConfig, type VariableValue, type VariableValues } from '@legal/api';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../platform/db/client';
import { type RequestContext, tenantScope } from '../../platform/http/context';
import { AppError, conflict, forbidden, notFound, validationError } from '../../platform/http/errors';
import { createContractWithDocument } from '../contracts';
import { type FileType, findReadableFile } from '../files';
import { startWorkflowForContract } from '../workflows';
import * as bytes from './standard-forms.bytes';
import { CONTRACT_WRITE, type FormCaller, formCaller } from './standard-forms.policy';
import * as repo from './standard-forms.repo';
import { audit, type Services } from './standard-forms.service';
import { standardFormContractLinks, standardForms } from './standard-forms.table';
import { outputFormat, renderVersion, toOutput, valuesError } from './standard-forms.templates';
import { validateValues, withDefaults } from './templating';

/**
 * Drafting a contract (conhub 7.6): from a form, the exact template version rendered with the
 * values becomes the main document (revision 1) of a new DRAFT contract whose fields the mapped
 * variables fill; from a file, the file's bytes do. The contract, its document and the link row
 * (form, version, workflow preset) are one transaction (contracts' createContractWithDocument).
 *
 * Drafting rule: only from an ACTIVE form (or an available global form) and only from its latest
 * version. A request naming an older version (the form got a new version, or was rolled back,
 * while the requester filled it in) answers 409 ERROR_CONFLICT with data.latestVersion, so the
 * requester never drafts from a superseded text without knowing; a deactivated form answers 409
 * too (reason FORM_INACTIVE); a form the caller cannot see 404.
 */

type DraftBody = z.output<typeof DraftFromFormBodySchema>;
type FileBody = z.output<typeof DraftFromFileBodySchema>;

function drafter(ctx: RequestContext): FormCaller {
  const caller = formCaller(ctx, 'read');
  if (!caller.canDraft) throw forbidden();
  return caller;
}

const inactive = () =>
  conflict({ ko: '이 서식은 비활성 상태라 계약서를 만들 수 없습니다.', en: 'This form is inactive: no contract can be drafted from it.' }, { reason: 'FORM_INACTIVE' });
const staleTemplate = (latestVersion: number) =>
  conflict(
    { ko: '서식이 새 버전으로 바뀌었습니다. 최신 버전으로 다시 작성해 주세요.', en: 'The form has a newer version. Fill in the latest version and try again.' },
    { reason: 'STALE_TEMPLATE_VERSION', latestVersion },
  );

/** The form as drafting sees it: visible (404), draftable (409), at the latest version (409). */
function checkDraftable(form: repo.FormRow | null, templateVersion: number): repo.FormRow {
  if (!form) throw notFound();
  if (form.activeStatus !== 'ACTIVE') throw inactive();
  if (form.latestVersion !== templateVersion) throw staleTemplate(form.latestVersion);
  return form;
}

type Mapped = { body: Record<string, unknown>; sourceOf: Map<string, string> };

/** The contract fields the mapped variables fill (sourceOf: contract field -> variable key, to name errors). */
export function mappedFields(configs: readonly VariableConfig[], values: VariableValues): Mapped {
  const body: Record<string, unknown> = {};
  const sourceOf = new Map<string, string>();
  const set = (field: string, key: string, value: unknown) => {
    if (value === undefined || value === null || value === '') return;
    body[field] = value;
    sourceOf.set(field, key);
  };
  const text = (v: VariableValue | undefined) => (typeof v === 'string' ? v.trim() : v && typeof v === 'object' && 'name' in v ? v.name : undefined);
  const counterparties: unknown[] = [];
  for (const config of configs) {
    const value = values[config.key];
    if (value === undefined || !config.mapsTo) continue;
    switch (config.mapsTo) {
      case 'TITLE': set('title', config.key, text(value)); break;
      case 'GOVERNING_LAW': set('governingLaw', config.key, text(value)); break;
      case 'VENUE': set('venue', config.key, text(value)); break;
      case 'START_DATE': set('startDate', config.key, text(value)); break;
      case 'END_DATE': set('endDate', config.key, text(value)); break;
      case 'SIGNED_DATE': set('signedDate', config.key, text(value)); break;
      case 'AMOUNT':
        if (typeof value === 'object' && 'amount' in value) {
          set('amount', config.key, value.amount);
          set('currency', config.key, value.currency);
        } else if (typeof value === 'string' && value.trim()) {
          set('amount', config.key, value.trim().replace(/,/g, ''));
          set('currency', config.key, 'KRW');
        }
        break;
      case 'COUNTERPARTY_NAME': {
        const party = typeof value === 'object' && 'name' in value ? value : typeof value === 'string' && value.trim() ? { name: value.trim() } : null;
        if (!party) break;
        sourceOf.set(`counterparties.${counterparties.length}`, config.key);
        counterparties.push({
          counterpartyType: 'COMPANY', name: party.name,
          ...('representative' in party && party.representative ? { representative: party.representative } : {}),
          ...('address' in party && party.address ? { address: party.address } : {}),
          ...('registrationNumber' in party && party.registrationNumber ? { businessRegistrationNumber: party.registrationNumber } : {}),
        });
        break;
      }
    }
  }
  if (counterparties.length > 0) body.counterparties = counterparties;
  return { body, sourceOf };
}

/** The create body checked by the contracts' own schema; a refused mapped field names its variable. */
function contractBody(input: Record<string, unknown>, sourceOf: Map<string, string>) {
  const result = CreateContractBodySchema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const [head, index] = issue.path.map(String);
    const key = sourceOf.get(head === 'counterparties' ? `counterparties.${index}` : head ?? '');
    return key ? { path: `values.${key}`, message: issue.message } : { path: issue.path.join('.'), message: issue.message };
  });
  if (problems.every((p) => p.path.startsWith('values.'))) throw valuesError(problems);
  throw validationError(problems.map((p) => ({ field: `body.${p.path}`, reason: p.message })));
}

export async function draftFromForm(services: Services, ctx: RequestContext, body: DraftBody) {
  const caller = drafter(ctx);
  const form = checkDraftable(await repo.findForm(services.db, caller, body.standardFormId), body.templateVersion);
  const row = (await repo.findVersion(services.db, form.id, body.templateVersion))!;
  const problems = validateValues(row.variables, body.values, { requireAll: true, language: ctx.locale });
  if (problems.length > 0) throw valuesError(problems);
  const values = withDefaults(row.variables, body.values);
  const mapped = mappedFields(row.variables, values);
  const title = body.title ?? (mapped.body.title as string | undefined) ?? form.title;
  const create = contractBody(
    { ...mapped.body, title, contractType: form.contractType, language: form.language, status: 'DRAFT', ownerUserId: body.ownerUserId, groupId: body.groupId },
    mapped.sourceOf,
  );
  const format = outputFormat(row, body.fileFormat);
  const document = await toOutput(renderVersion(row, await bytes.readBytes(services, row.storageKey), body.values, form.language), format);
  const fileType: FileType = bytes.FORMAT_FILE_TYPES[format];
  return createContractWithDocument(services, ctx, create, { bytes: document, name: `${title}.${fileType}`, knownType: fileType }, async (tx, contractId) => {
    // Again under the form's row lock: a deactivation or a new version in the meantime wins.
    const [locked] = await tx.select().from(standardForms).where(and(eq(standardForms.id, form.id), repo.visibleTo(caller))).for('update');
    checkDraftable(locked ?? null, body.templateVersion);
    await link(tx, services, ctx, caller, contractId, form.id, row.version, body.workflowPresetType);
    await audit(tx, ctx, caller, { type: 'standard_form.contract_drafted', data: { contractId, standardFormId: form.id, templateVersion: row.version, workflowPresetType: body.workflowPresetType } });
  });
}

/**
 * Links the new contract to its form and version and, for a preset other than NONE, starts that
 * workflow on it in the same transaction (the drafter is its requester): a refusal undoes the draft.
 */
async function link(
  tx: Tx, services: Services, ctx: RequestContext, caller: FormCaller,
  contractId: number, formId: number | null, templateVersion: number | null, workflowPresetType: DraftBody['workflowPresetType'],
) {
  await tx.insert(standardFormContractLinks).values({ ...caller.scope, contractId, formId, templateVersion, workflowPresetType });
  if (workflowPresetType === 'NONE') return;
  await startWorkflowForContract(
    tx, caller.scope,
    { contractId, requesterUserId: caller.userId, presetType: workflowPresetType, presetField: 'body.workflowPresetType', message: null, desiredReviewDeadline: null, approvalLines: null, files: [], ctx },
    services,
  );
}

/** contracts/by-file/v3: a DRAFT contract whose main document is a copy of an arxive file the caller may read. */
export async function draftFromFile(services: Services, ctx: RequestContext, body: FileBody) {
  const principal = ctx.principal;
  if (principal?.kind !== 'user') throw new AppError('ERROR_UNAUTHORIZED');
  if (!principal.permissions.has(CONTRACT_WRITE)) throw forbidden();
  const caller: FormCaller = { kind: 'workspace', scope: tenantScope(ctx), userId: principal.userId, canWrite: false, canDraft: true };
  const found = await findReadableFile(services, ctx, body.fileKey);
  if (!found) throw validationError([{ field: 'body.fileKey', reason: 'no such file, or not readable by the caller' }]);
  const title = body.title ?? (found.file.displayName.replace(/\.[A-Za-z0-9]{1,5}$/, '') || found.file.displayName);
  const create = contractBody({ title, contractType: body.contractType, language: body.language, status: 'DRAFT', ownerUserId: body.ownerUserId, groupId: body.groupId }, new Map());
  const content = await bytes.readBytes(services, found.revision.storageKey);
  return createContractWithDocument(services, ctx, create, { bytes: content, name: found.file.displayName, knownType: found.revision.fileType as FileType }, async (tx, contractId) => {
    await link(tx, services, ctx, caller, contractId, null, null, body.workflowPresetType);
    await audit(tx, ctx, caller, { type: 'standard_form.contract_drafted', data: { contractId, standardFormId: null, templateVersion: null, workflowPresetType: body.workflowPresetType, fileKey: body.fileKey } });
  });
}
