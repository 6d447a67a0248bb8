import {
  calendarFeed, createContractReminder, deleteContractReminder, getCalendarFeed, getContractReminder, getReminderSuggestions, listContractReminders,
  listMyReminders, revokeCalendarFeed, rotateCalendarFeed, updateContractReminder,
} from '@legal/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/http/route';
import type { AppServices } from '../../../platform/services';
import * as feed from './calendar-feed.service';
import * as reminders from './reminders.service';

/** Reminders of a contract (7.6), the caller's reminders and their calendar feed. */
export function registerReminderRoutes(app: FastifyInstance, services: AppServices) {
  route(app, getReminderSuggestions, ({ ctx, params, query }) => reminders.getReminderSuggestions(services, ctx, params.contractId, query.noticeDays));
  route(app, listContractReminders, ({ ctx, params, query }) => reminders.listContractReminders(services, ctx, params.contractId, query));
  route(app, createContractReminder, ({ ctx, params, body }) => reminders.createContractReminder(services, ctx, params.contractId, body));
  route(app, getContractReminder, ({ ctx, params }) => reminders.getContractReminder(services, ctx, params.contractId, params.reminderId));
  route(app, updateContractReminder, ({ ctx, params, body }) => reminders.updateContractReminder(services, ctx, params.contractId, params.reminderId, body));
  route(app, deleteContractReminder, ({ ctx, params }) => reminders.deleteContractReminder(services, ctx, params.contractId, params.reminderId));
  route(app, listMyReminders, ({ ctx, query }) => reminders.listMyReminders(services, ctx, query));

  route(app, getCalendarFeed, ({ ctx }) => feed.getCalendarFeed(services, ctx));
  route(app, rotateCalendarFeed, ({ ctx }) => feed.rotateCalendarFeed(services, ctx));
  route(app, revokeCalendarFeed, ({ ctx }) => feed.revokeCalendarFeed(services, ctx));
  route(
    app,
    calendarFeed,
    async ({ params, reply }) => {
      const body = await feed.renderCalendarFeed(services, params.token);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="contracts.ics"')
        .header('cache-control', 'private, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .header('x-robots-tag', 'noindex')
        .send(body);
    },
    // The token is the secret: guessing is slowed down like any public route.
    { rateLimit: { max: 60, timeWindow: '1 minute' } },
  );
}
