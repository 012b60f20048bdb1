// Serves the built website: hashed assets cached for a year, everything else revalidated. A page request gets
// the page prerendered in the member's language (?lang=, else the language cookie, else Korean) when one was
// built, otherwise the page shell, and the client router shows the route (or its own "not found").
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, type Language } from '../../shared/constants.js';
import { catalog } from '../../shared/i18n/index.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const PRERENDERED = '_prerendered';

export async function registerSite(app: FastifyInstance, webDir: string): Promise<void> {
  const hasSite = fs.existsSync(path.join(webDir, 'index.html'));
  const prerendered = listPrerendered(webDir);
  if (hasSite) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      allowedPath: (pathname) => !pathname.startsWith(`/${PRERENDERED}/`),
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', hashed ? IMMUTABLE : 'no-cache');
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage =
      hasSite &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      !/\.[a-z0-9]+$/i.test(pathname);
    if (!isPage) {
      return reply
        .status(404)
        .send({ error: { code: 'request/not-found', message: catalog.en.errors['request/not-found'] } });
    }
    reply
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Cookie, Accept-Encoding')
      .type('text/html; charset=utf-8');
    if (pathname === '/app' || pathname === '/app/') return reply.sendFile('app/index.html');
    if (pathname === '/fortune-embed' || pathname === '/fortune-embed/') {
      return reply.sendFile('fortune-embed/index.html');
    }
    const name = pathname === '/' ? 'index' : pathname.replace(/^\/+|\/+$/g, '');
    const lang = pageLanguage(request);
    const file = `${lang}/${name}.html`;
    if (prerendered.has(file)) return reply.sendFile(`${PRERENDERED}/${file}`);
    return reply.sendFile('index.html');
  });
}

function listPrerendered(webDir: string): Set<string> {
  const files = new Set<string>();
  for (const lang of LANGUAGES) {
    const dir = path.join(webDir, PRERENDERED, lang);
    if (!fs.existsSync(dir)) continue;
    for (const name of fs.readdirSync(dir)) files.add(`${lang}/${name}`);
  }
  return files;
}

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function pageLanguage(request: FastifyRequest): Language {
  const query = (request.query as Record<string, unknown> | undefined)?.lang;
  if (isLanguage(query)) return query;
  const cookie = request.cookies?.[LANGUAGE_COOKIE];
  return isLanguage(cookie) ? cookie : DEFAULT_LANGUAGE;
}
