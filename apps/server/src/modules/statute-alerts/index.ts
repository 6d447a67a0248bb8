import { defineModule } from '../../platform/module';
import { registerStatuteAlertNotificationAccess } from './statute-alerts.access';
import { scheduleChangeDetection, statuteAlertJobs } from './statute-alerts.jobs';
import { registerStatuteAlertRoutes } from './statute-alerts.routes';
import * as tables from './statute-alerts.table';
import './statute-alerts.audit';

/**
 * Statute-change alerts (aistudio, the research area): when a newer version of a statute is
 * imported, the workspaces whose AI review findings or saved chat answers cite an article it
 * changed are told which, with the diff, in the app and in their notifications.
 */
export const statuteAlertsModule = defineModule({
  name: 'statute-alerts',
  product: 'AI_STUDIO',
  routes: registerStatuteAlertRoutes,
  jobs: statuteAlertJobs(),
  schedule: (services) => scheduleChangeDetection(services),
  tables,
  notificationRecords: registerStatuteAlertNotificationAccess,
});

/** The detection, for tests and tools that import statute versions themselves. */
export { detectStatuteChanges } from './statute-alerts.detect';
