// The routes of reminders: checked by the API table, answered by the reminder service (service.ts).
import type { FastifyInstance } from 'fastify';
import { API } from '../../shared/api/index.js';
import { caller } from '../accounts/access.js';
import type { AccountGate } from '../accounts/service.js';
import { route } from '../http/route.js';
import type { ReminderService } from './service.js';

export function reminderRoutes(
  app: FastifyInstance,
  deps: { gate: AccountGate; reminders: ReminderService },
): void {
  const { gate, reminders } = deps;

  route(app, gate, API.reminderEndpoints, ({ signedIn: { user } }) => reminders.endpoints(user.uid));

  route(app, gate, API.addReminderEndpoint, ({ signedIn: { user }, body, request }) =>
    reminders.addEndpoint(user.uid, body, caller(request)),
  );

  route(app, gate, API.removeReminderEndpoint, ({ signedIn: { user }, params }) =>
    reminders.removeEndpoint(user.uid, params.id),
  );

  route(app, gate, API.reminders, ({ signedIn: { user } }) => reminders.list(user.uid));

  route(app, gate, API.scheduleReminder, ({ signedIn: { user }, params, body }) =>
    reminders.schedule(user.uid, params.id, body),
  );

  route(app, gate, API.withdrawReminder, ({ signedIn: { user }, params }) =>
    reminders.withdraw(user.uid, params.id),
  );
}
