// The site itself: is the server up, what the app is configured with.
import { type Endpoint } from './endpoint.js';
import { z } from '../zod.js';
import { appConfig } from '../schemas/drives.js';

export const SITE_API = {
  health: {
    route: 'GET /api/health',
    summary:
      'Is the server up, with its database answering (503 server/unavailable when not), and which version runs',
    tag: 'site',
    access: 'public',
    status: 200,
    response: z.object({
      status: z.literal('ok'),
      database: z.literal('ok'),
      version: z.object({
        version: z.string().describe('The version package.json names, e.g. 0.2.0'),
        commit: z
          .string()
          .nullable()
          .describe('The short git commit the server was built from; null when the build knew none'),
      }),
    }),
  },
  appConfig: {
    route: 'GET /api/app/config',
    summary: "The app's run-time settings",
    tag: 'site',
    access: 'public',
    status: 200,
    response: appConfig,
  },
} as const satisfies Record<string, Endpoint>;
