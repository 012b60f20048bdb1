// The update banner on the home page: anyone reads it; admins read it with who wrote it, write and remove it.
import { noContent, type Endpoint } from './endpoint.js';
import {
  adminBannerAnswer,
  bannerBody,
  bannerRemoval,
  publicBannerAnswer,
  writtenBannerAnswer,
} from '../schemas/banner.js';

export const BANNER_API = {
  banner: {
    route: 'GET /api/banner',
    summary: 'The update banner on the home page, or null when none is written',
    tag: 'banner',
    access: 'public',
    status: 200,
    response: publicBannerAnswer,
  },
  adminBanner: {
    route: 'GET /api/admin/banner',
    summary: 'The update banner with its revision and who wrote it, or null',
    tag: 'banner',
    access: 'admin',
    status: 200,
    response: adminBannerAnswer,
  },
  writeBanner: {
    route: 'PUT /api/admin/banner',
    summary:
      'Write the update banner, from the revision last read (null: none); 409 banner/changed when another admin wrote or removed it since',
    tag: 'banner',
    access: 'admin',
    body: bannerBody,
    errors: ['banner/changed'],
    status: 200,
    response: writtenBannerAnswer,
  },
  removeBanner: {
    route: 'DELETE /api/admin/banner',
    summary:
      'Remove the update banner, at the revision last read; 409 banner/changed when another admin wrote or removed it since',
    tag: 'banner',
    access: 'admin',
    body: bannerRemoval,
    errors: ['banner/changed'],
    ...noContent,
  },
} as const satisfies Record<string, Endpoint>;
