import { defineModule } from '../../platform/module';
import * as clientErrorTables from './client-errors.table';
import { registerDevMailbox } from './dev-mailbox.routes';
import { registerDiagnostics, registerMailCheck } from './diagnostics.routes';

/**
 * Health, the web app's error reports, the super admin's mail check and, outside production, the
 * development mailbox.
 */
export const diagnosticsModule = defineModule({
  name: 'diagnostics',
  product: null,
  routes(app, services) {
    registerDiagnostics(app, services);
    registerMailCheck(app, services);
    if (!services.config.isProduction) registerDevMailbox(app, services);
  },
  tables: clientErrorTables,
});
