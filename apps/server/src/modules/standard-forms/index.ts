import { defineModule } from '../../platform/module';
import { seedStarterForms } from './standard-forms.seed';
import { registerStandardFormRoutes } from './standard-forms.routes';
import {
  standardFormAttachments, standardFormBookmarks, standardFormContractLinks, standardFormGlobalAvailability, standardForms, standardFormSettings, standardFormVersions,
} from './standard-forms.table';
import './standard-forms.audit';

/**
 * Standard forms (btls, catalogue 7.5; conhub drafting of 7.6): a versioned library of approved
 * templates with variables, global forms published by super admins, and contracts drafted from a
 * form (docs/standard-forms.md).
 */
export const standardFormsModule = defineModule({
  name: 'standard-forms',
  product: 'CLM',
  routes: registerStandardFormRoutes,
  tables: { standardForms, standardFormVersions, standardFormAttachments, standardFormBookmarks, standardFormSettings, standardFormGlobalAvailability, standardFormContractLinks },
  seedContent: seedStarterForms,
});
