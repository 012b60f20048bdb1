// Web Push: the server's key and this browser's subscription.
import { noContent, type Endpoint } from './endpoint.js';
import { pushKeyResponse, pushRegisterBody, pushRegistered, pushStatus } from '../schemas/auth.js';

export const PUSH_API = {
  pushKey: {
    route: 'GET /api/push/key',
    summary: "The server's Web Push public key",
    tag: 'push',
    access: 'public',
    status: 200,
    response: pushKeyResponse,
  },
  pushStatus: {
    route: 'GET /api/push/subscription',
    summary: "This device's login notifications",
    tag: 'push',
    access: 'member',
    status: 200,
    response: pushStatus,
  },
  pushRegister: {
    route: 'PUT /api/push/subscription',
    summary: 'Turn on login notifications on this device',
    tag: 'push',
    access: 'member',
    errors: ['push/invalid-subscription'],
    body: pushRegisterBody,
    status: 201,
    response: pushRegistered,
  },
  pushUnregister: {
    route: 'DELETE /api/push/subscription',
    summary: 'Turn off login notifications on this device',
    tag: 'push',
    access: 'member',
    ...noContent,
  },
} as const satisfies Record<string, Endpoint>;
