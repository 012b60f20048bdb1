// The routes of support inquiries: checked by the API table, answered by the inquiry service.
import type { FastifyInstance } from 'fastify';
import { API } from '../../shared/api/index.js';
import type { AccountGate } from '../accounts/service.js';
import { route } from '../http/route.js';
import type { InquiryService } from './service.js';

export function inquiryRoutes(
  app: FastifyInstance,
  deps: { gate: AccountGate; inquiries: InquiryService },
): void {
  const { gate, inquiries } = deps;

  route(app, gate, API.sendInquiry, ({ signedIn, body }) => inquiries.send(signedIn, body));

  route(app, gate, API.inquiries, ({ signedIn }) => inquiries.list(signedIn));
}
