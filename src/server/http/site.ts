// Serves the built website: hashed assets cached for a year, everything else revalidated. A request for one of
// the site's pages gets it prerendered in the member's language (?lang=, else the language cookie, else Korean)
// when one was built, otherwise the page shell for the client router; any other page address gets 404 with the
// not-found page in that language.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, type Language } from '../../shared/constants.js';
import { errorMessage } from '../../shared/i18n/error-message.js';
import { catalog } from '../../shared/i18n/index.js';
import { isSitePage } from '../../shared/site-pages.js';
import { escapeHtml } from '../core/html.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const PRERENDERED = '_prerendered';
/** The not-found page, when the build prerendered one: `_prerendered/<lang>/404.html`. */
const NOT_FOUND_FILE = '404.html';

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
        .send({ error: { code: 'request/not-found', message: errorMessage('en', 'request/not-found') } });
    }
    reply
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Cookie, Accept-Encoding')
      .type('text/html; charset=utf-8');
    if (pathname === '/app' || pathname === '/app/') return reply.sendFile('app/index.html');
    if (pathname === '/fortune-embed' || pathname === '/fortune-embed/') {
      return reply.sendFile('fortune-embed/index.html');
    }
    const lang = pageLanguage(request);
    if (!isSitePage(pathname)) return reply.status(404).send(await notFoundPage(webDir, prerendered, lang));
    const name = pathname === '/' ? 'index' : pathname.replace(/^\/+|\/+$/g, '');
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

/**
 * The not-found page in a language: the prerendered one, else the page shell in that language (its lang, title
 * and description), in which the client router shows its not-found page. Read as each page is (from the files
 * of the build being served), not kept.
 */
async function notFoundPage(webDir: string, prerendered: Set<string>, lang: Language): Promise<string> {
  const file = `${lang}/${NOT_FOUND_FILE}`;
  if (prerendered.has(file)) return fs.promises.readFile(path.join(webDir, PRERENDERED, file), 'utf8');
  const meta = catalog[lang].meta.notFound;
  const shell = await fs.promises.readFile(path.join(webDir, 'index.html'), 'utf8');
  return shell
    .replace(/<html lang="[a-z]+"/, `<html lang="${lang}"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(meta.title)}</title>`)
    .replace(
      /(<meta\s+name="description"\s+content=")[^"]*"/,
      (_match, start: string) => `${start}${escapeHtml(meta.description)}"`,
    );
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
