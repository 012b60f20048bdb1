// The routes of support inquiries: checked by the API table, answered by the inquiry service.
import type { FastifyInstance } from 'fastify';
import { API } from '../../shared/api/index.js';
import type { AccountService } from '../accounts/service.js';
import { route } from '../http/route.js';
import type { InquiryService } from './service.js';

export function inquiryRoutes(
  app: FastifyInstance,
  deps: { accounts: AccountService; inquiries: InquiryService },
): void {
  const { accounts, inquiries } = deps;

  route(app, accounts, API.sendInquiry, ({ signedIn, body }) => inquiries.send(signedIn, body));

  route(app, accounts, API.inquiries, ({ signedIn }) => inquiries.list(signedIn));
}
