import { defineModule } from '../../platform/module';
import { registerNotificationRoutes } from './notifications.routes';

/**
 * The reader's side of in-app notifications (docs/decisions/0007-in-app-notifications.md): list,
 * count, mark read. The platform writes them (`notify` in platform/notifications, in the
 * transaction of each change) and owns their table; the modules owning records register who may
 * read them. No product: the bell is in every workspace.
 */
export const notificationsModule = defineModule({
  name: 'notifications',
  product: null,
  routes: registerNotificationRoutes,
});
