import { defineModule } from '../../platform/module';
import { seedDemoSeals } from './seals.seed';
import { registerSealFileAccess, registerSealNotificationAccess } from './seals.file-access';
import { registerSealRoutes } from './seals.routes';
import * as sealTables from './seals.table';
import './seals.audit';

/**
 * Company seals (catalogue 7.11 seal, docs/seals.md): the registry, usage requests with their
 * approval line, application (physical scan or electronic on an e-sign envelope), the ledger and
 * its reconciliation.
 */
export const sealsModule = defineModule({
  name: 'seals',
  product: 'SEAL',
  routes: registerSealRoutes,
  tables: { ...sealTables },
  attachments: registerSealFileAccess,
  notificationRecords: registerSealNotificationAccess,
  seedContent: seedDemoSeals,
});

/** The ledger's tables, for read models of other modules. */
export { seals, sealUsageHistories, sealUsageRequests } from './seals.table';
