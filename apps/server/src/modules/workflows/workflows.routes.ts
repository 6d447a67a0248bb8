import * as api from '@legal/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http/route';
import type { AppServices } from '../../platform/services';
import { tenantScope } from '../../platform/http/context';
import { offeredPresets, workflowMetaFor } from './workflow-presets.service';
import * as approvals from './workflow-approvals.service';
import * as events from './workflow-events.service';
import * as signing from './workflow-signing.service';
import * as svc from './workflows.service';

/**
 * Catalogue 7.6 (conhub): the workflow engine's routes. The read models (to-do, to-be-assigned,
 * counts, workflow-processes, my-requests, approvals list, user pickers) live beside them.
 */
export function registerWorkflowRoutes(app: FastifyInstance, services: AppServices) {
  route(app, api.getWorkflowMeta, ({ ctx }) => workflowMetaFor(services.db, tenantScope(ctx)));
  route(app, api.listWorkflowPresets, ({ ctx }) => offeredPresets(services.db, tenantScope(ctx)));

  route(app, api.startWorkflow, ({ ctx, params, body }) => svc.start(services, ctx, params.contractId, body));
  route(app, api.getCurrentWorkflow, ({ ctx, params }) => svc.getCurrent(services, ctx, params.contractId));
  route(app, api.getCurrentSteps, async ({ ctx, params }) => (await svc.getCurrent(services, ctx, params.contractId)).steps);
  route(app, api.getCurrentStepGroups, async ({ ctx, params }) => {
    const wf = await svc.getCurrent(services, ctx, params.contractId);
    const groups = [...new Set(wf.steps.map((s) => s.group))];
    return groups.map((group) => {
      const steps = wf.steps.filter((s) => s.group === group);
      const status = steps.some((s) => s.status === 'ACTIVE')
        ? 'ACTIVE'
        : steps.every((s) => s.status === 'SKIPPED')
          ? 'SKIPPED'
          : steps.every((s) => s.status === 'DONE' || s.status === 'SKIPPED')
            ? 'DONE'
            : 'WAITING';
      return { group, status, steps };
    });
  });
  route(app, api.getCurrentRound, async ({ ctx, params }) => {
    const wf = await svc.getCurrent(services, ctx, params.contractId);
    return { workflowId: wf.workflowId, round: wf.round };
  });
  route(app, api.getCurrentProcessStatus, async ({ ctx, params }) => {
    const wf = await svc.getCurrent(services, ctx, params.contractId);
    return { workflowId: wf.workflowId, processStatus: wf.processStatus, currentStepCode: wf.currentStepCode };
  });
  route(app, api.getCurrentStepPreset, ({ ctx, params }) => svc.getPresetOfCurrent(services, ctx, params.contractId));

  route(app, api.actOnCurrentStep, ({ ctx, params, body }) =>
    svc.actOnCurrent(services, ctx, params.contractId, { ...body, op: body.actionId, assigneeUserIds: body.assigneeUserIds }),
  );
  route(app, api.actOnStep, ({ ctx, params, body }) =>
    svc.actOnWorkflow(services, ctx, params.workflowId, { ...body, op: params.actionId, stepCode: params.stepCode }),
  );
  route(app, api.listStepActions, ({ ctx, params }) => svc.listStepActions(services, ctx, params.workflowId, params.stepCode));
  route(app, api.transitionPreset, ({ ctx, params, body }) => svc.transitionPreset(services, ctx, params.contractId, body));
  route(app, api.setStepMembers, ({ ctx, body }) => svc.setStepMembers(services, ctx, body));
  route(app, api.cancelWorkflow, ({ ctx, body }) => svc.cancel(services, ctx, body));
  route(app, api.recallApproval, ({ ctx, params, body }) => svc.recall(services, ctx, params.workflowId, body));
  route(app, api.deleteCurrentWorkflow, ({ ctx, params }) => svc.deleteCurrent(services, ctx, params.contractId));

  route(app, api.listWorkflowEventsV2, ({ ctx, params, query }) => events.listEvents(services, ctx, params.contractId, query));
  route(app, api.listWorkflowEventsV3, ({ ctx, params, query }) => events.listEvents(services, ctx, params.contractId, query));
  route(app, api.listStepEvents, ({ ctx, params }) => events.listStepEvents(services, ctx, params.contractId, params.stepCode));
  route(app, api.listCommentEvents, ({ ctx, params }) => events.listCommentEvents(services, ctx, params.contractId));
  route(app, api.listRawWorkflowEvents, ({ ctx, query }) => events.listRawEvents(services, ctx, query));
  route(app, api.addWorkflowComment, ({ ctx, params, body }) => events.addComment(services, ctx, params.contractId, body));

  route(app, api.startApprovalV2, ({ ctx, params, body }) =>
    approvals.startApproval(services, ctx, params.contractId, { lines: body.approverUserIds.map((id) => [id]), comment: body.comment, revision: body.revision }, (id) => `body.approverUserIds.${body.approverUserIds.indexOf(id)}`),
  );
  route(app, api.startApprovalV3, ({ ctx, params, body }) => approvals.startApproval(services, ctx, params.contractId, { lines: body.lines.map((l) => l.userIds), comment: body.comment, revision: body.revision }));
  route(app, api.saveApprovalDraft, ({ ctx, params, body }) => approvals.saveApprovalDraft(services, ctx, params.contractId, body));
  route(app, api.skipApproval, ({ ctx, params, body }) => svc.actOnCurrent(services, ctx, params.contractId, { op: 'SKIP_APPROVAL', stepCode: 'APPROVAL', revision: body.revision, comment: body.reason }));
  route(app, api.addApprovalComment, ({ ctx, params, body }) => events.addComment(services, ctx, params.contractId, body, 'APPROVAL'));
  route(app, api.getCurrentApproval, ({ ctx, params }) => approvals.getCurrentApproval(services, ctx, params.contractId));
  route(app, api.cancelCurrentApproval, ({ ctx, params, body }) => approvals.cancelCurrentApproval(services, ctx, params.contractId, body ?? {}));
  route(app, api.getApprovalV1, ({ ctx, params }) => approvals.getApproval(services, ctx, params.approvalId));
  route(app, api.getApprovalV2, ({ ctx, params }) => approvals.getApproval(services, ctx, params.approvalId));

  route(app, api.skipSigning, ({ ctx, params, body }) => svc.actOnCurrent(services, ctx, params.contractId, { op: 'SKIP_SIGNING', stepCode: 'SIGNING', revision: body.revision, comment: body.reason }));
  route(app, api.getCurrentSigning, ({ ctx, params }) => signing.getCurrentSigning(services, ctx, params.contractId));
  route(app, api.cancelCurrentSigning, ({ ctx, params, body }) => svc.cancelCurrentSigning(services, ctx, params.contractId, body ?? {}));
}
