import { defineModule } from '../../platform/module';
import { registerContractSearchRoutes } from './contract-search.routes';
import { seedDemoWorkflows } from './demo/workflow-demo.seed';
import { registerWorkflowAnalyticsRoutes } from './workflow-analytics.routes';
import { registerWorkflowListRoutes } from './workflow-lists.routes';
import { registerWorkflowPresetRoutes } from './workflow-presets.routes';
import { registerWorkflowFileAccess } from './workflows.file-access';
import { scheduleDeadlineSweep, workflowJobs } from './workflows.jobs';
import { registerWorkflowRoutes } from './workflows.routes';
import * as workflowPresetTables from './workflow-presets.table';
import * as workflowTables from './workflows.table';

/**
 * The workflow hub (catalogue 7.6 conhub, docs/workflows.md): one workflow per contract moves it
 * from the business to legal and back until it is signed.
 */
export const workflowsModule = defineModule({
  name: 'workflows',
  product: 'CLM',
  routes(app, services) {
    registerWorkflowRoutes(app, services);
    registerWorkflowListRoutes(app, services);
    registerContractSearchRoutes(app, services);
    registerWorkflowPresetRoutes(app, services);
    registerWorkflowAnalyticsRoutes(app, services);
  },
  jobs: workflowJobs(),
  schedule: (services) => scheduleDeadlineSweep(services),
  tables: { ...workflowTables, ...workflowPresetTables },
  attachments: registerWorkflowFileAccess,
  // After the contracts module's demo contracts (module order): real workflows for those under way.
  seedContent: seedDemoWorkflows,
});

/** The tables, for the read models (to-do, listings, my requests). */
export * from './workflows.table';
/** Basic scoped reads and the vocabulary of "who it waits on". */
export * as workflowsRepo from './workflows.repo';
export { FINAL_PROCESS_STATUSES, waitingApproverIds } from './workflows.repo';
/** Standard forms drafting starts the chosen preset on the new contract, inside its transaction. */
export { startWorkflowForContract } from './workflows.service';
/** The engine's vocabulary for the read models. */
export { waitingApprovers as waitingApproversOf, contractStatusFor } from './workflow.state';
export { workflowMeta, presetOf, ALL_PRESETS } from './workflow.presets';
/** The workspace's presets (names for listings). */
export { offeredPresets, workspacePresetSettings } from './workflow-presets.service';
/** E-sign: an envelope on the signing step, its open/closed state, and its completion (the executed copy). */
export { attachEnvelopeToSigning, completeElectronicSigning, setEnvelopeOpen } from './workflow-signing.service';
