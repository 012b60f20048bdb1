// Passkeys: registering, listing, signing in and proving the member again.
import { noContent, type Endpoint } from './endpoint.js';
import { z } from '../zod.js';
import {
  passkeyCreationOptions,
  passkeyList,
  passkeyLoginBody,
  passkeyReauthBody,
  passkeyRegisterBody,
  passkeyRegisterOptionsBody,
  passkeyRequestOptions,
  passkeySummary,
  sessionResponse,
} from '../schemas/auth.js';
import { idParams } from '../schemas/files.js';

export const PASSKEY_API = {
  passkeyRegisterOptions: {
    route: 'POST /api/passkeys/register/options',
    summary: 'Start registering a passkey',
    tag: 'passkeys',
    access: 'member',
    body: passkeyRegisterOptionsBody,
    status: 200,
    response: passkeyCreationOptions,
  },
  passkeyRegister: {
    route: 'POST /api/passkeys/register/verify',
    summary: 'Finish registering a passkey',
    tag: 'passkeys',
    access: 'member',
    body: passkeyRegisterBody,
    status: 201,
    response: z.object({ passkey: passkeySummary }),
  },
  passkeys: {
    route: 'GET /api/passkeys',
    summary: "The member's passkeys",
    tag: 'passkeys',
    access: 'member',
    status: 200,
    response: passkeyList,
  },
  deletePasskey: {
    route: 'DELETE /api/passkeys/:id',
    summary: 'Remove a passkey',
    tag: 'passkeys',
    access: 'member',
    params: idParams,
    ...noContent,
  },
  passkeyLoginOptions: {
    route: 'POST /api/passkeys/login/options',
    summary: 'Start signing in with a passkey',
    tag: 'passkeys',
    access: 'public',
    status: 200,
    response: passkeyRequestOptions,
  },
  passkeyLogin: {
    route: 'POST /api/passkeys/login/verify',
    summary: 'Sign in with a passkey',
    tag: 'passkeys',
    access: 'public',
    body: passkeyLoginBody,
    status: 200,
    response: sessionResponse,
  },
  passkeyReauthOptions: {
    route: 'POST /api/passkeys/reauth/options',
    summary: 'Start proving it is the member (a passkey instead of the password)',
    tag: 'passkeys',
    access: 'member',
    status: 200,
    response: passkeyRequestOptions,
  },
  passkeyReauth: {
    route: 'POST /api/passkeys/reauth/verify',
    summary: 'Prove it is the member with a passkey',
    tag: 'passkeys',
    access: 'member',
    body: passkeyReauthBody,
    ...noContent,
  },
} as const satisfies Record<string, Endpoint>;
