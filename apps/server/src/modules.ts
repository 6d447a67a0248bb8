import type { ModuleManifest } from './platform/module';
import { adminModule } from './modules/admin';
import { aiReviewModule } from './modules/ai-review';
import { aiModule } from './modules/ai';
import { authModule } from './modules/auth';
import { contractsModule } from './modules/contracts';
import { diagnosticsModule } from './modules/diagnostics';
import { esignModule } from './modules/esign';
import { filesModule } from './modules/files';
import { lawModule } from './modules/law';
import { notificationsModule } from './modules/notifications';
import { legalSourcesModule } from './modules/legal-sources';
import { researchModule } from './modules/research';
import { sealsModule } from './modules/seals';
import { standardFormsModule } from './modules/standard-forms';
import { statuteAlertsModule } from './modules/statute-alerts';
import { workflowsModule } from './modules/workflows';

/**
 * Every server module, in registration order: the only list that names them all. Adding a service
 * is a folder under modules/ with its manifest in index.ts, and one line here
 * (docs/adding-a-service.md).
 */
export const MODULES: readonly ModuleManifest[] = [
  diagnosticsModule,
  authModule,
  filesModule,
  lawModule,
  legalSourcesModule,
  adminModule,
  contractsModule,
  aiModule,
  aiReviewModule,
  researchModule,
  statuteAlertsModule,
  standardFormsModule,
  workflowsModule,
  esignModule,
  sealsModule,
  notificationsModule,
];
