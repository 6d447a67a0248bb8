import { z } from 'zod';
import { CONTRACT_LIMITS as L, SigningTypeSchema } from './contract-catalogue';
import { ContractDetailSchema, ContractParamsSchema, IsoDateSchema } from './contract-schemas';
import { FileKeySchema } from './files';
import { defineRoute } from './http';

// ---------------------------------------------------------------------------------------------
// Completion and copy (catalogue 7.6 conhub "POST completions/v2 and completions/copy/v1").
// - completions/v2 marks a contract that was signed outside the system as executed: from DRAFT
//   or IN_REVIEW to SIGNED (or on to ACTIVE), with its signed date and signing type, in one
//   transaction. A running approval or signing (IN_APPROVAL, IN_SIGNING) must be cancelled first;
//   an executed or closed contract cannot be completed again (409 naming the status).
// - completions/copy/v1 registers a new DRAFT from a contract the caller can read: every field,
//   counterparties, hashtags, people and references (files on request), never its status,
//   signed date, reminders or bookmarks; the caller owns the copy.
// ---------------------------------------------------------------------------------------------

/** Statuses a contract may be marked as executed from. */
export const COMPLETABLE_STATUSES = ['DRAFT', 'IN_REVIEW'] as const;
/** Where completion takes it. */
export const COMPLETION_TARGET_STATUSES = ['SIGNED', 'ACTIVE'] as const;
export const CompletionTargetStatusSchema = z.enum(COMPLETION_TARGET_STATUSES);

export const CompleteContractBodySchema = z.object({
  signedDate: IsoDateSchema.describe('When the parties signed'),
  signingType: SigningTypeSchema.optional().describe('How they signed; the current value stays when omitted'),
  executedFileKey: FileKeySchema.optional().describe('The executed document: an arxive file of this workspace the caller may read; attached with role MAIN unless it already is attached'),
  status: CompletionTargetStatusSchema.default('SIGNED').describe('SIGNED, or ACTIVE when the contract is already being performed'),
});
export type CompleteContractBody = z.input<typeof CompleteContractBodySchema>;

export const CopyContractBodySchema = z
  .object({
    title: z.string().trim().min(1).max(L.titleMaxLength).optional().describe('Defaults to "<title> (사본)" (X-Locale ko) or "<title> (copy)"'),
    copyFiles: z.boolean().default(false).describe('Attach the same arxive files to the copy (the files are shared, not duplicated)'),
  })
  .prefault({});
export type CopyContractBody = z.input<typeof CopyContractBodySchema>;

const conhub = ['conhub: contracts'];

export const completeContract = defineRoute({
  method: 'POST', path: '/api/conhub/contracts/:contractId/completions/v2', access: 'member', product: 'CLM',
  summary:
    'Marks a contract signed outside the system as executed (DRAFT or IN_REVIEW -> SIGNED or ACTIVE) with its signed date and signing type; ' +
    '409 naming the status otherwise. Needs the owner with contract.contract.write, or contract.contract.admin (403); 404 when the contract is not readable.',
  tags: conhub, schemas: { params: ContractParamsSchema, body: CompleteContractBodySchema, data: ContractDetailSchema },
});
export const copyContract = defineRoute({
  method: 'POST', path: '/api/conhub/contracts/:contractId/completions/copy/v1', access: 'member', product: 'CLM',
  summary:
    'Registers a new DRAFT copied from a contract the caller can read (404 otherwise): fields, counterparties, hashtags, people and references, files when copyFiles; ' +
    'not the status, signed date, reminders or bookmarks. Needs contract.contract.write (403). Answers the new contract.',
  tags: conhub, schemas: { params: ContractParamsSchema, body: CopyContractBodySchema, data: ContractDetailSchema },
});
