import { defineModule } from '../../platform/module';
import { registerContractAnalysisRoutes } from './analysis/contract-analysis.routes';
import { contractBulkJobs } from './bulk/contract-bulk.job';
import { registerContractBulkRoutes } from './bulk/contract-bulk.routes';
import * as bulkTables from './bulk/contract-bulk.table';
import { registerContractActivityRoutes } from './contract-activity.routes';
import { registerContractChildRoutes } from './contract-children.routes';
import { registerContractSuperAdminRoutes } from './contract-super-admin.routes';
import { registerContractCompletionRoutes } from './contract-completions.routes';
import { registerContractFileAccess, registerContractNotificationAccess } from './contract-files.access';
import { registerContractViewRoutes } from './contract-views.routes';
import { registerContractRoutes } from './contracts.routes';
import * as idempotencyTables from './contract-idempotency.table';
import * as contractTables from './contracts.table';
import * as counterpartyTables from './counterparties.table';
import { seedDemoContracts } from './demo/contract-demo.seed';
import { registerContractDocumentRoutes } from './documents/contract-documents.routes';
import * as documentTables from './documents/contract-documents.table';
import { registerContractExportRoutes } from './exports/contract-exports.routes';
import { contractJobs, scheduleReminderSweep } from './reminders/reminders.job';
import { registerReminderRoutes } from './reminders/reminders.routes';
import * as reminderTables from './reminders/reminders.table';
import { contractDiscoveryJobs } from './search/contract-discovery.job';
import { registerContractDiscoveryRoutes } from './search/contract-discovery.routes';
import { contractSearchSource } from './search/contract-discovery.unified';
import { registerContractSearchRoutes } from './search/contract-search.routes';
import * as userConfigTables from './user-configs.table';
import * as workspaceContractTypeTables from './workspace-contract-types.table';

/** The rule-based clause segmentation and labelling (pure), for the AI review. */
export { analyzeText } from './analysis/contract-analysis.engine';

/**
 * The contract repository (catalogue 7.3 under /api/alex, the contract detail of 7.6 under
 * /api/conhub): contracts, their children, the lists around them, search, reminders, exports and
 * the home chart.
 */
export const contractsModule = defineModule({
  name: 'contracts',
  product: 'CLM',
  routes(app, services) {
    registerContractSearchRoutes(app, services);
    registerContractDiscoveryRoutes(app, services);
    registerContractChildRoutes(app, services);
    registerContractRoutes(app, services);
    registerReminderRoutes(app, services);
    registerContractDocumentRoutes(app, services);
    registerContractExportRoutes(app, services);
    registerContractViewRoutes(app, services);
    registerContractBulkRoutes(app, services);
    registerContractAnalysisRoutes(app, services);
    registerContractCompletionRoutes(app, services);
    registerContractActivityRoutes(app, services);
    registerContractSuperAdminRoutes(app, services);
  },
  jobs: [...contractJobs(), ...contractBulkJobs(), ...contractDiscoveryJobs()],
  schedule: (services) => scheduleReminderSweep(services),
  tables: { ...contractTables, ...counterpartyTables, ...reminderTables, ...userConfigTables, ...bulkTables, ...documentTables, ...idempotencyTables, ...workspaceContractTypeTables },
  searchSources: [contractSearchSource],
  attachments: registerContractFileAccess,
  notificationRecords: registerContractNotificationAccess,
  seedContent: seedDemoContracts,
});

/** The workflow engine's seam: the only writer of a contract's lifecycle status. */
export { changeContractStatus } from './contracts.service';
/** The demo contracts (the workflows module's demo seed starts workflows on those under way). */
export { DEMO_CONTRACT_WORKSPACES } from './demo/contract-demo.catalogue';

/** AI review's similar clauses: the stored clause labels of the contracts the caller may read. */
export { listReadableClauses, type ReadableClause } from './analysis/readable-clauses';
/** For the AI review: a readable contract's document, and the clause segmentation of the analyzer. */
export { canReadContract, readableContractDocument } from './contract-review-source';
export { splitClauses } from './analysis/contract-analysis.clauses';

/**
 * Drafting (standard forms, conhub contracts/by-standard-form and by-file): a contract created with
 * its main document from bytes, in one transaction with the caller's own rows.
 */
export { createContractWithDocument, type ContractDocumentBytes } from './contract-drafting';
/** The contract types a workspace uses (btls workspace-contract-types writes it; contract types read it). */
export { workspaceContractTypes } from './workspace-contract-types.table';
export { workspaceCatalogue } from './contract-types.service';
/** The contracts table, for other modules' foreign keys and joins (the workflow hub). */
export { contracts } from './contracts.table';
/** The workflow engine: the contract's lifecycle rules and the executed copy filed at signing. */
export { canTransition } from './contracts.state';
export { discardExecutedCopy, fileExecutedCopy, mainDocumentRevision, prepareExecutedCopy } from './documents/contract-executed-copy';
export { contractContext, readableContract } from './contracts.service';
export { visibleTo } from './contracts.visibility';
/** The read rule for one contract named in SQL (e-sign's notifications about an envelope of a contract). */
export { readableContractWhere } from './contract-files.access';
export type { ContractActor } from './contracts.policy';
export { groupIdsOf } from './contracts.visibility';
export { addContractParticipants } from './contract-participants';
/** For the workflow hub's lists (the read rule itself is visibleTo, above). */
export { readsEveryContract } from './contracts.policy';
export { HOME_TIME_ZONE } from './contracts.state';
export { neutralizeFormula } from './exports/contract-excel';
/**
 * The workflow hub's contract search (conhub contracts/search, my-related): this module's search
 * conditions (read rule, filters, Korean keyword over fields and files), its sort columns and its
 * summary rows, so both searches match and present contracts alike.
 */
export { searchConditions as contractSearchConditions, SORT_COLUMNS as CONTRACT_SORT_COLUMNS } from './search/contract-search.repo';
export { summaryColumns as contractSummaryColumns } from './contracts.repo';
export { contractSummaries } from './contract-dto';
export { contractUsers, contractWatchers } from './contracts.table';
export { idAmong as contractIdAmong } from './contracts.visibility';
