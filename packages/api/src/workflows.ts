import { z } from 'zod';
import { ContractTypeSchema, ContractLanguageSchema } from './contract-catalogue';
import { ContractParamsSchema, IsoDateSchema, UserRefSchema } from './contract-schemas';
import { pageOf, pageQuery } from './envelope';
import { FileKeySchema } from './files';
import { defineRoute } from './http';
import { repeatableQuery } from './list-query';
import { WorkflowPresetTypeSchema } from './standard-forms';

// ---------------------------------------------------------------------------------------------
// The workflow hub (catalogue 7.6 conhub). A contract moves from the business to legal and back
// until it is signed: the requester submits it for review, an assigner assigns a reviewer, the
// reviewer returns it (a new round when resubmitted) or completes the review, an approval line
// (sequential, or groups of parallel approvers) approves or rejects, the signing step collects the
// executed copy, and the contract is executed. One workflow runs per contract at a time. The server
// owns the steps, statuses and allowed actions and serves them through the meta call with ko/en
// labels; every action is checked there (403 for a user the step does not allow, 409 for an action
// the state does not allow or a stale `revision`), drives the contract's status, writes an event
// and an audit entry, and notifies the next actors by mail and in-app.
// ---------------------------------------------------------------------------------------------

const product = 'CLM' as const;
const tags = ['conhub: workflows'];
const contractBase = '/api/conhub/contracts/:contractId';
const readable = 'The contract must be readable by the caller (404 otherwise).';
const stale = '409 ERROR_CONFLICT when `revision` is not the workflow\'s current revision (someone acted since it was read) or the action is not allowed in the current state; 403 when the caller may not act at that step.';

const Localized = z.object({ ko: z.string(), en: z.string() });

export const STEP_CODES = ['REQUEST', 'ASSIGNMENT', 'LEGAL_REVIEW', 'APPROVAL', 'SIGNING', 'EXECUTION'] as const;
export const StepCodeSchema = z.enum(STEP_CODES);
export type StepCode = z.infer<typeof StepCodeSchema>;

export const WORKFLOW_ACTIONS = [
  'SUBMIT', 'ASSIGN', 'REASSIGN', 'COMPLETE_REVIEW', 'RETURN', 'APPROVE', 'REJECT', 'RECALL', 'CANCEL', 'SKIP_APPROVAL', 'SKIP_SIGNING', 'COMPLETE_SIGNING',
] as const;
export const WorkflowActionSchema = z.enum(WORKFLOW_ACTIONS);
export type WorkflowAction = z.infer<typeof WorkflowActionSchema>;

/** Where a workflow stands (the server's vocabulary; labels in the meta call). */
export const PROCESS_STATUSES = ['REQUESTED', 'IN_REVIEW', 'RETURNED', 'REVIEW_COMPLETED', 'IN_APPROVAL', 'REJECTED', 'RECALLED', 'IN_SIGNING', 'EXECUTED', 'CANCELED'] as const;
export const ProcessStatusSchema = z.enum(PROCESS_STATUSES);
export type ProcessStatus = z.infer<typeof ProcessStatusSchema>;
export const PROCESS_STATUS_GROUPS = ['WAITING_ON_LEGAL', 'WAITING_ON_REQUESTER', 'WAITING_ON_APPROVAL', 'WAITING_ON_SIGNING', 'DONE', 'STOPPED'] as const;

export const STEP_STATUSES = ['WAITING', 'ACTIVE', 'DONE', 'SKIPPED'] as const;
export const StepStatusSchema = z.enum(STEP_STATUSES);

export const STEP_MEMBER_ROLES = ['REQUESTER', 'ASSIGNER', 'REVIEWER', 'APPROVER', 'SIGNER'] as const;
export const StepMemberRoleSchema = z.enum(STEP_MEMBER_ROLES);

export const APPROVAL_DECISIONS = ['PENDING', 'APPROVED', 'REJECTED', 'SKIPPED'] as const;
export const ApprovalDecisionSchema = z.enum(APPROVAL_DECISIONS);
export const APPROVAL_STATUSES = ['DRAFT', 'IN_PROGRESS', 'APPROVED', 'REJECTED', 'SKIPPED', 'CANCELED'] as const;
export const ApprovalStatusSchema = z.enum(APPROVAL_STATUSES);

export const WorkflowIdSchema = z.coerce.number().int().positive();
export const WorkflowParamsSchema = z.object({ workflowId: WorkflowIdSchema });
export const WorkflowStepParamsSchema = WorkflowParamsSchema.extend({ stepCode: StepCodeSchema });
export const WorkflowActionParamsSchema = WorkflowStepParamsSchema.extend({ actionId: WorkflowActionSchema });
export const ApprovalParamsSchema = z.object({ approvalId: z.coerce.number().int().positive() });

const revision = z.number().int().nonnegative().describe('The workflow revision the caller read (each action adds one)');
const comment = z.string().trim().max(5000);
const fileKeys = z.array(FileKeySchema).max(20).refine((l) => new Set(l).size === l.length, 'each file once');
const userIds = z.array(z.number().int().positive()).min(1).max(50).refine((l) => new Set(l).size === l.length, 'each user once');

// Presets and meta -----------------------------------------------------------------------------

export const PresetStepSchema = z.object({
  stepCode: StepCodeSchema,
  order: z.number().int(),
  group: z.enum(['REQUEST', 'REVIEW', 'APPROVAL', 'SIGNING']).describe('The step group (current/step-groups)'),
  actorRule: z.object({ role: StepMemberRoleSchema, permission: z.string().nullable().describe('Who may act: e.g. legal.review.assign') }),
  actions: z.array(WorkflowActionSchema),
});
export const WorkflowPresetSchema = z.object({
  presetType: WorkflowPresetTypeSchema,
  name: Localized.describe("The workspace's name for the preset (its own, or the published one)"),
  steps: z.array(PresetStepSchema).describe('The steps a workflow of this preset runs in this workspace (optional steps the workspace switched off are left out)'),
  defaultReviewDeadlineDays: z.number().int().nullable().describe('Days from the request to the desired review deadline when the requester gives none (null: none)'),
});
export type WorkflowPreset = z.infer<typeof WorkflowPresetSchema>;

export const WorkflowMetaSchema = z.object({
  presetTypes: z.array(z.object({ code: WorkflowPresetTypeSchema, name: Localized })),
  stepInfos: z.array(z.object({ code: StepCodeSchema, name: Localized, group: PresetStepSchema.shape.group })),
  actions: z.array(z.object({ code: WorkflowActionSchema, name: Localized })),
  processStatuses: z.array(z.object({ code: ProcessStatusSchema, name: Localized, group: z.enum(PROCESS_STATUS_GROUPS) })),
  groupedStatusInfos: z.array(z.object({ group: z.enum(PROCESS_STATUS_GROUPS), name: Localized, statuses: z.array(ProcessStatusSchema) })),
});
export type WorkflowMeta = z.infer<typeof WorkflowMetaSchema>;

export const getWorkflowMeta = defineRoute({ method: 'GET', path: '/api/conhub/contracts/workflows/meta/v1', access: 'member', product, tags, summary: 'Preset types, step infos, actions, process statuses and their groups, with ko/en labels.', schemas: { data: WorkflowMetaSchema } });
export const listWorkflowPresets = defineRoute({ method: 'GET', path: '/api/conhub/workflows/presets/v1', access: 'member', product, tags, summary: 'The presets this workspace offers (published by a super admin, enabled by the workspace admin; built-ins until switched off), with the workspace\'s names, the steps it runs, actors and actions.', schemas: { data: z.array(WorkflowPresetSchema) } });

// The workflow ---------------------------------------------------------------------------------

export const StepMemberSchema = UserRefSchema.extend({ role: StepMemberRoleSchema });
export const WorkflowStepSchema = z.object({
  stepCode: StepCodeSchema,
  order: z.number().int(),
  group: PresetStepSchema.shape.group,
  status: StepStatusSchema,
  members: z.array(StepMemberSchema),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type WorkflowStep = z.infer<typeof WorkflowStepSchema>;

export const ApproverSchema = UserRefSchema.extend({
  lineOrder: z.number().int().describe('Lines go in order; approvers of one line decide in parallel'),
  decision: ApprovalDecisionSchema,
  decidedAt: z.string().nullable(),
  comment: z.string().nullable(),
  documentRevision: z.number().int().nullable().describe('The main document revision the decision was made on'),
});
export const ApprovalSchema = z.object({
  approvalId: z.number().int(),
  workflowId: z.number().int().nullable(),
  contractId: z.number().int(),
  contractTitle: z.string(),
  status: ApprovalStatusSchema,
  round: z.number().int(),
  approvers: z.array(ApproverSchema),
  requestedBy: UserRefSchema.nullable(),
  comment: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Approval = z.infer<typeof ApprovalSchema>;

export const AllowedActionSchema = z.object({ stepCode: StepCodeSchema, actionId: WorkflowActionSchema });
/**
 * What the caller may do to the workflow besides the step actions (each the same rule the server
 * checks on the call, so the web shows a button exactly when the call would be allowed now).
 */
export const WorkflowAbilitiesSchema = z.object({
  canWithdraw: z.boolean().describe('DELETE workflows/current/v2: the requester or a contract.contract.admin, while nobody has acted on the request'),
  canSetApprovalLine: z.boolean().describe('approvals v2/v3: the requester or the owner, while the workflow waits at APPROVAL without a line'),
  canSaveApprovalDraft: z.boolean().describe('approvals/draft: the requester or the owner, while the workflow runs, has an approval step not finished and no line runs'),
  canCancelApproval: z.boolean().describe('DELETE approvals/current: the requester or the owner, while the line runs and nobody has decided'),
  canCancelSigning: z.boolean().describe('DELETE signings/current: the owner or a contract.contract.admin, while IN_SIGNING and no e-sign envelope is open'),
  memberSteps: z.array(StepCodeSchema).describe('steps/members: the steps whose members the caller may set now (ASSIGNMENT and LEGAL_REVIEW with legal.review.assign, APPROVAL for the requester or the owner; not finished)'),
  presetTargets: z.array(WorkflowPresetTypeSchema).describe('preset-transitions: the presets the caller may switch the workflow to now (the requester, the owner or a contract admin; offered by the workspace and having the current step)'),
});
export type WorkflowAbilities = z.infer<typeof WorkflowAbilitiesSchema>;
export const WorkflowSchema = z.object({
  workflowId: z.number().int(),
  contractId: z.number().int(),
  presetType: WorkflowPresetTypeSchema,
  processStatus: ProcessStatusSchema,
  currentStepCode: StepCodeSchema.nullable().describe('null once executed or canceled'),
  round: z.number().int().describe('1, then one more each time the contract comes back for another review'),
  revision: z.number().int(),
  requester: UserRefSchema,
  message: z.string().nullable(),
  desiredReviewDeadline: z.string().nullable(),
  steps: z.array(WorkflowStepSchema),
  approval: ApprovalSchema.nullable().describe('The current approval line'),
  allowedActions: z.array(AllowedActionSchema).describe('What the caller may do now'),
  abilities: WorkflowAbilitiesSchema,
  approvalDraft: ApprovalSchema.nullable().describe('The approval line saved as a draft (approvals/draft), not started yet; it starts when the workflow reaches APPROVAL'),
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Workflow = z.infer<typeof WorkflowSchema>;

export const ApprovalLineInputSchema = z.object({ userIds, mode: z.enum(['ALL']).default('ALL').describe('Every approver of the line must approve') });
export const ApprovalLinesSchema = z.array(ApprovalLineInputSchema).min(1).max(10);

export const StartWorkflowBodySchema = z.object({
  presetType: WorkflowPresetTypeSchema.refine((t) => t !== 'NONE', 'choose a workflow'),
  message: comment.optional(),
  desiredReviewDeadline: IsoDateSchema.optional(),
  fileKeys: fileKeys.default([]).describe('Arxive files the caller may read, attached to the request'),
  approvalLines: ApprovalLinesSchema.optional().describe('For presets with an approval step: the approval line (set later otherwise)'),
});
export type StartWorkflowBody = z.input<typeof StartWorkflowBodySchema>;
export const startWorkflow = defineRoute({ method: 'POST', path: `${contractBase}/workflows/v2`, access: 'member', product, tags, summary: `Starts the preset on the contract (its owner or a contract.contract.admin; 403 otherwise). 409 while another workflow runs or when the contract's status does not allow it (executed, closed). ${readable}`, schemas: { params: ContractParamsSchema, body: StartWorkflowBodySchema, data: WorkflowSchema } });

export const getCurrentWorkflow = defineRoute({ method: 'GET', path: `${contractBase}/workflows/current/v1`, access: 'member', product, tags, summary: `The running (or last) workflow of the contract with the caller's allowed actions; 404 when it never had one. ${readable}`, schemas: { params: ContractParamsSchema, data: WorkflowSchema } });
export const getCurrentSteps = defineRoute({ method: 'GET', path: `${contractBase}/workflows/current/steps/v1`, access: 'member', product, tags, summary: `The steps of the current workflow. ${readable}`, schemas: { params: ContractParamsSchema, data: z.array(WorkflowStepSchema) } });
export const getCurrentStepGroups = defineRoute({ method: 'GET', path: `${contractBase}/workflows/current/step-groups/v1`, access: 'member', product, tags, summary: `The steps grouped (request, review, approval, signing) with each group's status. ${readable}`, schemas: { params: ContractParamsSchema, data: z.array(z.object({ group: PresetStepSchema.shape.group, status: StepStatusSchema, steps: z.array(WorkflowStepSchema) })) } });
export const getCurrentRound = defineRoute({ method: 'GET', path: `${contractBase}/workflows/current/round/v1`, access: 'member', product, tags, summary: `The current round. ${readable}`, schemas: { params: ContractParamsSchema, data: z.object({ workflowId: z.number().int(), round: z.number().int() }) } });
export const getCurrentProcessStatus = defineRoute({ method: 'GET', path: `${contractBase}/workflow-processes/current/status/v1`, access: 'member', product, tags, summary: `The current process status and step. ${readable}`, schemas: { params: ContractParamsSchema, data: z.object({ workflowId: z.number().int(), processStatus: ProcessStatusSchema, currentStepCode: StepCodeSchema.nullable() }) } });
export const getCurrentStepPreset = defineRoute({ method: 'GET', path: `${contractBase}/workflows/current/step-preset/v1`, access: 'member', product, tags, summary: `The preset the current workflow runs. ${readable}`, schemas: { params: ContractParamsSchema, data: WorkflowPresetSchema } });

export const ActionBodySchema = z.object({
  revision,
  comment: comment.optional(),
  assigneeUserIds: userIds.optional().describe('ASSIGN / REASSIGN: the reviewers (members with legal.review.review)'),
  fileKeys: fileKeys.default([]).describe('Attached to the event; COMPLETE_SIGNING: exactly one, the executed copy'),
  mentionUserIds: z.array(z.number().int().positive()).max(20).default([]),
});
export type ActionBody = z.input<typeof ActionBodySchema>;
export const CurrentActionBodySchema = ActionBodySchema.extend({ stepCode: StepCodeSchema, actionId: WorkflowActionSchema });
export type CurrentActionBody = z.input<typeof CurrentActionBodySchema>;
export const actOnCurrentStep = defineRoute({ method: 'POST', path: `${contractBase}/workflows/current/actions/v2`, access: 'member', product, tags, summary: `Performs an action at the current step. ${stale} ${readable}`, schemas: { params: ContractParamsSchema, body: CurrentActionBodySchema, data: WorkflowSchema } });
export const actOnStep = defineRoute({ method: 'POST', path: '/api/conhub/workflows/:workflowId/steps/:stepCode/actions/:actionId/v2', access: 'member', product, tags, summary: `The same, naming the workflow, step and action in the path (the step must be the current one). ${stale}`, schemas: { params: WorkflowActionParamsSchema, body: ActionBodySchema, data: WorkflowSchema } });
export const listStepActions = defineRoute({ method: 'GET', path: '/api/conhub/workflows/:workflowId/steps/:stepCode/actions/v1', access: 'member', product, tags, summary: 'The actions the caller may take at that step now (empty when none).', schemas: { params: WorkflowStepParamsSchema, data: z.array(WorkflowActionSchema) } });

export const PresetTransitionBodySchema = z.object({ presetType: WorkflowPresetTypeSchema, revision });
export const transitionPreset = defineRoute({ method: 'POST', path: `${contractBase}/workflows/current/preset-transitions/v1`, access: 'member', product, tags, summary: `Switches the running workflow to another preset at a step both share (e.g. adds approval after the review); steps done stay done. ${stale}`, schemas: { params: ContractParamsSchema, body: PresetTransitionBodySchema, data: WorkflowSchema } });

export const StepMembersBodySchema = z.object({ workflowId: z.number().int().positive(), stepCode: StepCodeSchema, userIds, revision });
export const setStepMembers = defineRoute({ method: 'PUT', path: '/api/conhub/workflows/steps/members/v1', access: 'member', product, tags, summary: `Sets who acts at a step that has not finished (assigners for ASSIGNMENT/LEGAL_REVIEW reviewers, the requester for approvers not yet decided). Each must be able to act there (400 naming the user). ${stale}`, schemas: { body: StepMembersBodySchema, data: WorkflowSchema } });

export const CancelWorkflowBodySchema = z.object({ workflowId: z.number().int().positive(), reason: comment.min(1), revision });
export const cancelWorkflow = defineRoute({ method: 'POST', path: '/api/conhub/workflows/cancel/v1', access: 'member', product, tags, summary: `Cancels a running workflow (its requester, the contract owner or contract.contract.admin): the contract goes back to DRAFT. ${stale}`, schemas: { body: CancelWorkflowBodySchema, data: WorkflowSchema } });
export const RecallBodySchema = z.object({ reason: comment.optional(), revision });
export const recallApproval = defineRoute({ method: 'POST', path: '/api/conhub/approvals/workflows/:workflowId/recall/v1', access: 'member', product, tags, summary: `The requester takes the contract back from approval before the line is decided (RECALLED; the contract returns to DRAFT and may be resubmitted). ${stale}`, schemas: { params: WorkflowParamsSchema, body: RecallBodySchema, data: WorkflowSchema } });
export const deleteCurrentWorkflow = defineRoute({ method: 'DELETE', path: `${contractBase}/workflows/current/v2`, access: 'member', product, tags, summary: 'Withdraws a request nobody has acted on yet (requester or contract.contract.admin): the workflow is removed with its events, the contract returns to DRAFT. 409 once anyone acted.', schemas: { params: ContractParamsSchema, data: z.null() } });

// Events and comments --------------------------------------------------------------------------

export const WORKFLOW_EVENT_TYPES = ['STARTED', 'ACTION', 'COMMENT', 'MEMBERS_CHANGED', 'PRESET_CHANGED', 'DEADLINE_PASSED'] as const;
export const WorkflowEventSchema = z.object({
  eventId: z.number().int(),
  workflowId: z.number().int(),
  round: z.number().int(),
  type: z.enum(WORKFLOW_EVENT_TYPES),
  stepCode: StepCodeSchema.nullable(),
  actionId: WorkflowActionSchema.nullable(),
  actor: UserRefSchema.nullable().describe('null for the system'),
  fromStatus: ProcessStatusSchema.nullable(),
  toStatus: ProcessStatusSchema.nullable(),
  comment: z.string().nullable(),
  mentions: z.array(UserRefSchema),
  files: z.array(z.object({ fileKey: z.string(), displayName: z.string() })).describe('Attachments, visible to whoever may read the contract'),
  createdAt: z.string(),
});
export type WorkflowEvent = z.infer<typeof WorkflowEventSchema>;
export const WorkflowEventPageSchema = pageOf(WorkflowEventSchema);
export const EventsQuerySchema = pageQuery(20, 100).extend({ stepCode: StepCodeSchema.optional(), type: repeatableQuery(z.enum(WORKFLOW_EVENT_TYPES)).optional() });

export const listWorkflowEventsV2 = defineRoute({ method: 'GET', path: `${contractBase}/workflows/events/v2`, access: 'member', product, tags, summary: `Every event of every workflow of the contract, newest first, 20 a page. ${readable} Same answer as v3.`, schemas: { params: ContractParamsSchema, query: EventsQuerySchema, data: WorkflowEventPageSchema } });
export const listWorkflowEventsV3 = defineRoute({ method: 'GET', path: `${contractBase}/workflows/events/v3`, access: 'member', product, tags, summary: `Every event of every workflow of the contract, newest first, 20 a page. ${readable}`, schemas: { params: ContractParamsSchema, query: EventsQuerySchema, data: WorkflowEventPageSchema } });
export const listStepEvents = defineRoute({ method: 'GET', path: `${contractBase}/workflows/current/steps/:stepCode/events/v1`, access: 'member', product, tags, summary: `The current workflow's events at one step, oldest first. ${readable}`, schemas: { params: ContractParamsSchema.extend({ stepCode: StepCodeSchema }), data: z.array(WorkflowEventSchema) } });
export const listCommentEvents = defineRoute({ method: 'GET', path: `${contractBase}/workflows/comments/v1`, access: 'member', product, tags, summary: `Comment events (and actions with a comment) of the contract's workflows, oldest first. ${readable}`, schemas: { params: ContractParamsSchema, data: z.array(WorkflowEventSchema) } });
export const RawEventsQuerySchema = z.object({ workflowId: WorkflowIdSchema, afterEventId: z.coerce.number().int().nonnegative().default(0), size: z.coerce.number().int().min(1).max(1000).default(200) });
export const listRawWorkflowEvents = defineRoute({ method: 'GET', path: '/api/conhub/workflows/events/raw/v2', access: 'member', product, tags, summary: 'The events of one workflow in order, after an event id (for a sync client): gap-free, ascending eventId.', schemas: { query: RawEventsQuerySchema, data: z.array(WorkflowEventSchema) } });
export const CommentBodySchema = z.object({ comment: comment.min(1), mentionUserIds: z.array(z.number().int().positive()).max(20).default([]), fileKeys: fileKeys.default([]) });
export const addWorkflowComment = defineRoute({ method: 'POST', path: `${contractBase}/workflows/current/comments/v1`, access: 'member', product, tags, summary: `A comment on the current workflow; mentioned members who may read the contract are notified (400 naming one who may not). ${readable}`, schemas: { params: ContractParamsSchema, body: CommentBodySchema, data: WorkflowEventSchema } });

// Approvals ------------------------------------------------------------------------------------

export const StartApprovalV2BodySchema = z.object({ approverUserIds: userIds.describe('One after the other'), comment: comment.optional(), revision });
export const StartApprovalV3BodySchema = z.object({ lines: ApprovalLinesSchema, comment: comment.optional(), revision });
const approvalStart = 'Sets the approval line of the current workflow and starts it when the workflow is at APPROVAL (the requester or the contract owner). Approvers need approval.approval.approve (400 naming the user).';
export const startApprovalV2 = defineRoute({ method: 'POST', path: `${contractBase}/approvals/v2`, access: 'member', product, tags, summary: `${approvalStart} v2: sequential approvers. ${stale}`, schemas: { params: ContractParamsSchema, body: StartApprovalV2BodySchema, data: WorkflowSchema } });
export const startApprovalV3 = defineRoute({ method: 'POST', path: `${contractBase}/approvals/v3`, access: 'member', product, tags, summary: `${approvalStart} v3: lines in order, the approvers of a line in parallel. ${stale}`, schemas: { params: ContractParamsSchema, body: StartApprovalV3BodySchema, data: WorkflowSchema } });
export const saveApprovalDraft = defineRoute({ method: 'POST', path: `${contractBase}/approvals/draft/v1`, access: 'member', product, tags, summary: 'Saves the approval line as a draft without starting it (replaces an earlier draft).', schemas: { params: ContractParamsSchema, body: z.object({ lines: ApprovalLinesSchema, comment: comment.optional() }), data: ApprovalSchema } });
export const SkipBodySchema = z.object({ reason: comment.min(1), revision });
export const skipApproval = defineRoute({ method: 'POST', path: `${contractBase}/approvals/skipped/v2`, access: 'member', product, tags, summary: `Skips the approval step (contract.contract.admin or legal.review.approve), recorded with the reason. ${stale}`, schemas: { params: ContractParamsSchema, body: SkipBodySchema, data: WorkflowSchema } });
export const addApprovalComment = defineRoute({ method: 'POST', path: `${contractBase}/approvals/current/comments/v2`, access: 'member', product, tags, summary: 'A comment on the current approval (an event at the APPROVAL step).', schemas: { params: ContractParamsSchema, body: CommentBodySchema, data: WorkflowEventSchema } });
export const getCurrentApproval = defineRoute({ method: 'GET', path: `${contractBase}/approvals/current/v1`, access: 'member', product, tags, summary: `The current approval line; 404 when none. ${readable}`, schemas: { params: ContractParamsSchema, data: ApprovalSchema } });
/** The optional body of the DELETE calls of the approval line and the signing: the revision read (409 when stale) and a comment recorded on the event. */
export const CancelStepBodySchema = z.object({ revision: revision.optional(), comment: comment.optional() }).optional();
export type CancelStepBody = z.input<typeof CancelStepBodySchema>;
export const cancelCurrentApproval = defineRoute({ method: 'DELETE', path: `${contractBase}/approvals/current/v1`, access: 'member', product, tags, summary: `Cancels the current approval before it is decided (requester or owner): the workflow waits at APPROVAL for a new line. The optional body's comment is recorded on the event. ${stale}`, schemas: { params: ContractParamsSchema, body: CancelStepBodySchema, data: WorkflowSchema } });
const approvalRead = 'One approval (its approvers, anyone who may read the contract). 404 otherwise.';
export const getApprovalV1 = defineRoute({ method: 'GET', path: '/api/conhub/approvals/:approvalId/v1', access: 'member', product, tags, summary: `${approvalRead} Same answer as v2.`, schemas: { params: ApprovalParamsSchema, data: ApprovalSchema } });
export const getApprovalV2 = defineRoute({ method: 'GET', path: '/api/conhub/approvals/:approvalId/v2', access: 'member', product, tags, summary: approvalRead, schemas: { params: ApprovalParamsSchema, data: ApprovalSchema } });
export const ListApprovalsQuerySchema = pageQuery(10, 100).extend({
  role: z.enum(['APPROVER', 'REQUESTER']).default('APPROVER'),
  statuses: repeatableQuery(ApprovalStatusSchema).optional(),
  waitingOnMe: z.enum(['true', 'false']).transform((v) => v === 'true').optional().describe('APPROVER: only lines where it is the caller\'s turn'),
  searchKeyword: z.string().trim().max(200).optional(),
});
export const listApprovals = defineRoute({ method: 'GET', path: '/api/conhub/approvals/v1', access: 'member', product, tags, summary: 'The approvals the caller is an approver of (or requested), newest first.', schemas: { query: ListApprovalsQuerySchema, data: pageOf(ApprovalSchema) } });

// Signing step ---------------------------------------------------------------------------------

export const SigningSchema = z.object({
  workflowId: z.number().int(),
  status: z.enum(['WAITING', 'DONE', 'SKIPPED', 'CANCELED']),
  method: z.enum(['OFFLINE', 'ELECTRONIC']).describe('OFFLINE: completes when the executed copy is uploaded (COMPLETE_SIGNING)'),
  executedFileKey: z.string().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export const skipSigning = defineRoute({ method: 'POST', path: `${contractBase}/signings/skipped/v1`, access: 'member', product, tags, summary: `Skips the signing step (the owner or contract.contract.admin) with a reason: the contract is executed without an executed copy. ${stale}`, schemas: { params: ContractParamsSchema, body: SkipBodySchema, data: WorkflowSchema } });
export const getCurrentSigning = defineRoute({ method: 'GET', path: `${contractBase}/signings/current/v1`, access: 'member', product, tags, summary: `The signing step of the current workflow; 404 before it. ${readable}`, schemas: { params: ContractParamsSchema, data: SigningSchema } });
export const cancelCurrentSigning = defineRoute({ method: 'DELETE', path: `${contractBase}/signings/current/v1`, access: 'member', product, tags, summary: `Cancels the signing step (the owner or contract.contract.admin): the workflow goes back to the step before it (approval if any, else review completed) so the document can change. The optional body's comment is recorded on the event. ${stale}`, schemas: { params: ContractParamsSchema, body: CancelStepBodySchema, data: WorkflowSchema } });

// What waits on me -----------------------------------------------------------------------------

export const TodoItemSchema = z.object({
  contractId: z.number().int(),
  contractTitle: z.string(),
  contractType: ContractTypeSchema,
  workflowId: z.number().int(),
  stepCode: StepCodeSchema,
  processStatus: ProcessStatusSchema,
  myRole: StepMemberRoleSchema,
  requester: UserRefSchema,
  waitingSince: z.string(),
  desiredReviewDeadline: z.string().nullable(),
  overdue: z.boolean(),
});
export type TodoItem = z.infer<typeof TodoItemSchema>;
export const TodoSchema = z.object({
  items: z.array(TodoItemSchema).describe('Oldest waiting first, at most 100'),
  counts: z.object({ toAssign: z.number().int(), toReview: z.number().int(), toApprove: z.number().int(), toSign: z.number().int(), returnedToMe: z.number().int() }),
});
export const getHomeTodo = defineRoute({ method: 'GET', path: '/api/conhub/home/works/todo/v1', access: 'member', product, tags, summary: 'What waits on the caller now: steps they may act on, with counts by kind.', schemas: { data: TodoSchema } });

export const WorkflowProcessSummarySchema = z.object({
  workflowId: z.number().int(),
  contractId: z.number().int(),
  contractTitle: z.string(),
  contractType: ContractTypeSchema,
  language: ContractLanguageSchema,
  presetType: WorkflowPresetTypeSchema,
  processStatus: ProcessStatusSchema,
  currentStepCode: StepCodeSchema.nullable(),
  round: z.number().int(),
  requester: UserRefSchema,
  owner: UserRefSchema.nullable(),
  assignees: z.array(UserRefSchema),
  desiredReviewDeadline: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WorkflowProcessSummary = z.infer<typeof WorkflowProcessSummarySchema>;
export const WorkflowProcessPageSchema = pageOf(WorkflowProcessSummarySchema);

export const ToBeAssignedQuerySchema = pageQuery(10, 100).extend({ searchText: z.string().trim().max(200).optional() });
const toBeAssigned = 'Requests waiting at ASSIGNMENT in the caller\'s reach (legal.review.assign; 403 otherwise), oldest first.';
export const listToBeAssignedV1 = defineRoute({ method: 'GET', path: '/api/conhub/assignments/my-related/to-be-assigned/v1', access: 'member', product, tags, summary: `${toBeAssigned} Same answer as v2.`, schemas: { query: ToBeAssignedQuerySchema, data: WorkflowProcessPageSchema } });
export const listToBeAssignedV2 = defineRoute({ method: 'GET', path: '/api/conhub/assignments/my-related/to-be-assigned/v2', access: 'member', product, tags, summary: toBeAssigned, schemas: { query: ToBeAssignedQuerySchema, data: WorkflowProcessPageSchema } });
export const AssignmentCountByMemberSchema = z.array(UserRefSchema.extend({ inReview: z.number().int(), returned: z.number().int(), completedLast30Days: z.number().int() }));
export const countAssignmentsByMember = defineRoute({ method: 'GET', path: '/api/conhub/assignments/current-status/count-by-member/v1', access: 'member', product, tags, summary: 'For the assigner\'s balancing: every member who may review, with their open and recent reviews (legal.review.assign).', schemas: { data: AssignmentCountByMemberSchema } });
export const countAssignmentsByStep = defineRoute({ method: 'GET', path: '/api/conhub/assignments/current-status/by-step-id/v1', access: 'member', product, tags, summary: 'Running workflows of the workspace by current step (legal.review.assign).', schemas: { data: z.array(z.object({ stepCode: StepCodeSchema, count: z.number().int() })) } });

export const WORKFLOW_LIST_TYPES = ['ALL', 'MY_REQUESTS', 'ASSIGNED_TO_ME', 'WAITING_ON_ME'] as const;
export const WorkflowProcessesQuerySchema = pageQuery(10, 100).extend({
  listType: z.enum(WORKFLOW_LIST_TYPES).default('ALL').describe('ALL: every workflow of a contract the caller can read'),
  language: ContractLanguageSchema.optional(),
  workflowPresetTypes: repeatableQuery(WorkflowPresetTypeSchema).optional(),
  includedProcessStatuses: repeatableQuery(ProcessStatusSchema).optional(),
  excludedProcessStatuses: repeatableQuery(ProcessStatusSchema).optional(),
  contractTypes: repeatableQuery(ContractTypeSchema).optional(),
  ownerIds: repeatableQuery(z.coerce.number().int().positive()).optional(),
  searchText: z.string().trim().max(200).optional(),
});
export const listWorkflowProcesses = defineRoute({ method: 'GET', path: '/api/conhub/contracts/workflow-processes/v1', access: 'member', product, tags, summary: 'Workflows filtered and paged (latest update first).', schemas: { query: WorkflowProcessesQuerySchema, data: WorkflowProcessPageSchema } });

export const MyRequestsQuerySchema = pageQuery(30, 100).extend({
  createdDateStart: IsoDateSchema.optional(),
  createdDateEnd: IsoDateSchema.optional(),
  language: ContractLanguageSchema.optional(),
  progressStatus: repeatableQuery(ProcessStatusSchema).optional(),
  searchKeyword: z.string().trim().max(200).optional(),
  contractTypes: repeatableQuery(ContractTypeSchema).optional(),
  userIds: repeatableQuery(z.coerce.number().int().positive()).optional(),
  groupIds: repeatableQuery(z.coerce.number().int().positive()).optional(),
  assignedRoles: repeatableQuery(StepMemberRoleSchema).optional(),
  sortField: z.enum(['createdAt', 'updatedAt', 'contractTitle']).default('createdAt'),
  sortDirection: z.enum(['ASC', 'DESC', 'asc', 'desc']).default('DESC'),
});
const myRequests = 'The workflows the caller requested, 30 a page, filtered.';
const groupRequests = 'The workflows requested by members of the caller\'s groups.';
export const listMyRequestsV1 = defineRoute({ method: 'GET', path: '/api/conhub/my-requests/v1', access: 'member', product, tags, summary: `${myRequests} Same answer as v2.`, schemas: { query: MyRequestsQuerySchema, data: WorkflowProcessPageSchema } });
export const listMyRequestsV2 = defineRoute({ method: 'GET', path: '/api/conhub/my-requests/v2', access: 'member', product, tags, summary: myRequests, schemas: { query: MyRequestsQuerySchema, data: WorkflowProcessPageSchema } });
export const listGroupRequestsV1 = defineRoute({ method: 'GET', path: '/api/conhub/my-requests/groups/v1', access: 'member', product, tags, summary: `${groupRequests} Same answer as v2.`, schemas: { query: MyRequestsQuerySchema, data: WorkflowProcessPageSchema } });
export const listGroupRequestsV2 = defineRoute({ method: 'GET', path: '/api/conhub/my-requests/groups/v2', access: 'member', product, tags, summary: groupRequests, schemas: { query: MyRequestsQuerySchema, data: WorkflowProcessPageSchema } });
/** The most rows a requests workbook holds; past it the download says so (X-Export-Truncated: true and a closing note row). */
export const WORKFLOW_EXCEL_MAX_ROWS = 10_000;
const excel = `The same filters as the list, every page up to ${WORKFLOW_EXCEL_MAX_ROWS.toLocaleString('en-US')} rows (X-Export-Truncated), as an Excel workbook (ko/en headers by X-Locale).`;
export const downloadMyRequestsV1 = defineRoute({ method: 'GET', path: '/api/conhub/my-requests/download/v1', access: 'member', product, tags, raw: true, summary: `${myRequests} ${excel}`, schemas: { query: MyRequestsQuerySchema } });
export const downloadMyRequestsV2 = defineRoute({ method: 'GET', path: '/api/conhub/my-requests/download/v2', access: 'member', product, tags, raw: true, summary: `${myRequests} ${excel}`, schemas: { query: MyRequestsQuerySchema } });
export const downloadGroupRequestsV1 = defineRoute({ method: 'GET', path: '/api/conhub/my-requests/groups/download/v1', access: 'member', product, tags, raw: true, summary: `${groupRequests} ${excel}`, schemas: { query: MyRequestsQuerySchema } });
export const downloadGroupRequestsV2 = defineRoute({ method: 'GET', path: '/api/conhub/my-requests/groups/download/v2', access: 'member', product, tags, raw: true, summary: `${groupRequests} ${excel}`, schemas: { query: MyRequestsQuerySchema } });

// Pickers --------------------------------------------------------------------------------------

export const UserWithDivisionSchema = UserRefSchema.extend({ email: z.string().nullable(), divisionName: z.string().nullable(), jobTitle: z.string().nullable() });
export const UsersWithDivisionsQuerySchema = z.object({
  userDisplayName: z.string().trim().max(100).optional(),
  permission: z.enum(['legal.review.review', 'legal.review.assign', 'approval.approval.approve']).optional().describe('Only members holding it'),
  size: z.coerce.number().int().min(1).max(100).default(30),
});
export const listUsersWithDivisions = defineRoute({ method: 'GET', path: '/api/conhub/users/with-divisions/v1', access: 'member', product, tags, summary: 'Active members of the workspace with their division, filtered by name and permission (the pickers of assignees, approvers and mentions).', schemas: { query: UsersWithDivisionsQuerySchema, data: z.array(UserWithDivisionSchema) } });
export const GroupTypeQuerySchema = z.object({ groupType: z.string().trim().max(50).optional() });
export const MyGroupSchema = z.object({ groupId: z.number().int(), name: z.string(), groupType: z.string().nullable() });
export const listMyGroups = defineRoute({ method: 'GET', path: '/api/conhub/users/my-groups/v1', access: 'member', product, tags, summary: 'The groups the caller belongs to.', schemas: { query: GroupTypeQuerySchema, data: z.array(MyGroupSchema) } });
export const listMyAuthorizedGroups = defineRoute({ method: 'GET', path: '/api/conhub/users/my-authorized-groups/v1', access: 'member', product, tags, summary: 'The groups whose contracts the caller may read (their own, or every group with contract.all_contract.read).', schemas: { query: GroupTypeQuerySchema, data: z.array(MyGroupSchema) } });
