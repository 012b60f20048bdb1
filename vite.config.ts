import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';

// The public pages arrive prerendered, so their scripts only hydrate them: fetching them at low priority lets
// the browser spend the first round trips on the HTML, the stylesheet and the images that paint.
function scriptsAfterPaint(): Plugin {
  return {
    name: 'mygenie-scripts-after-paint',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      // The app and the fortune embed have no prerendered page, so their scripts are what paints: they keep
      // their normal priority.
      handler: (html, context) => {
        if (context.path.startsWith('/app/') || context.path.startsWith('/fortune-embed/')) return html;
        // The site builds without Vite's preload links and helper (modulePreload below): the HTML names the entry's
        // own imports itself, so they are fetched beside it, not after it (a chain of requests before the first
        // paint put it later in Lighthouse's estimate).
        const imports = context.chunk?.imports ?? [];
        const preloads = imports
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
          .join('\n    ');
        return html
          .replace('</head>', preloads ? `    ${preloads}\n  </head>` : '</head>')
          .replace(
            /<script type="module" crossorigin/g,
            '<script type="module" fetchpriority="low" crossorigin',
          )
          .replace(
            /<link rel="modulepreload" crossorigin/g,
            '<link rel="modulepreload" fetchpriority="low" crossorigin',
          );
      },
    },
  };
}

const root = import.meta.dirname;

// Vite wraps every dynamic import in its preload helper even when it preloads nothing (modulePreload: false below):
// nearly 1 KiB every public page fetches to call a function. In the site's build no call passes a dependency to
// preload (checked: the build fails if one ever does), so the helper's chunk becomes the call itself.
function bareDynamicImports(): Plugin {
  return {
    name: 'mygenie-bare-dynamic-imports',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const helper = chunks.find(
        (chunk) => chunk.moduleIds.length === 1 && chunk.moduleIds[0]?.endsWith('vite/preload-helper.js'),
      );
      if (!helper) return;
      const preloading = chunks.find((chunk) => chunk.code.includes('__vite__mapDeps'));
      if (preloading)
        this.error(`${preloading.fileName} preloads dependencies: the bare helper cannot serve it`);
      const [name, ...more] = helper.exports;
      if (!name || more.length > 0) this.error(`the preload helper exports ${helper.exports.join(', ')}`);
      helper.code = `const load = (importing) => importing();\nexport { load as ${name} };\n`;
      helper.map = null;
    },
  };
}

// The pages' entries (web/**/index.html) name their scripts in the project's src/, beside Vite's root (web/): the
// build follows the relative path, but the dev server gets it as /src/…, which is not under web/. This serves it
// from the project's src/ (Vite lets it read the whole project).
function sourcesBesideRoot(): Plugin {
  return {
    name: 'mygenie-sources-beside-root',
    apply: 'serve',
    resolveId(id) {
      return id.startsWith('/src/') ? path.join(root, id) : null;
    },
  };
}

// `npm run dev` (scripts/dev.mjs) tells Vite where the API server listens; 3000 is the server's own default.
const API_URL = process.env.MYGENIE_DEV_API_URL ?? 'http://127.0.0.1:3000';

// The website's build (`vite build --mode site`, and its prerender) runs the same React code on preact/compat:
// the React API at a sixth of react-dom's size, so a prerendered page hydrates with under 60 KiB of script.
// The app and the fortune embed keep React (`vite build`, run first: it empties dist/web). `npm run dev` serves
// everything with React.
const PREACT = {
  react: 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react-dom/server': 'preact/compat/server',
  'react-dom': 'preact/compat',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-dev-runtime',
};

/** What the site's entry (src/site/main.tsx) imports: one chunk beside it, all it loads before the first paint. */
const ENTRY = [
  /src[\\/]client[\\/]language\./,
  /src[\\/]site[\\/]layout[\\/]install\./,
  /src[\\/]shared[\\/]constants\./,
  /vite[\\/]preload-helper/,
];

/**
 * The islands' runtime (src/site/islands/hydrate-islands.ts) and what it runs before any island wakes, as one chunk
 * (its name starts with "hydrate-": tests hold it back): what a page whose islands wait for a member or a visitor's
 * reach runs after its first paint. None of them runs anything as it loads.
 */
const RUNTIME = [
  /src[\\/]site[\\/]islands[\\/]hydrate-islands\./,
  /src[\\/]site[\\/]auth[\\/](auth-ahead|session-seen)\./,
  /src[\\/]site[\\/]ui[\\/](chunk-timeout|chunk-error|query-param|page-language)\./,
  /src[\\/]site[\\/]layout[\\/](skip-link|phone-menu)\./,
  /src[\\/]client[\\/](api-request|member)\./,
  /src[\\/]shared[\\/](text|email)\./,
  /src[\\/]shared[\\/]i18n[\\/]words[\\/]chunk-error\./,
];

/** The modules of the frame chunk: what waking any island needs (Preact, the islands' shell, the session store). */
const FRAME = [
  /node_modules[\\/]preact[\\/]/,
  /src[\\/]site[\\/]islands[\\/](wake-island|registry|names|shell|page-language|id-scope|Island)\./,
  /src[\\/]site[\\/]auth[\\/]session\./,
  /src[\\/]site[\\/]ui[\\/](SiteLink|use-mounted|session-wait)\./,
  /src[\\/]client[\\/](text|ui[\\/]Toast)\./,
];

/**
 * The header island's modules and the account's controls other islands share with it (the auth dialog's button,
 * cancelling a sign-in, opening the app, their words): one chunk, loaded as the header or such an island wakes.
 */
const ACCOUNT = [
  /src[\\/]site[\\/]layout[\\/](HeaderControls|header-words|open-app)\./,
  /src[\\/]site[\\/]auth[\\/](auth-dialog-context|CancelSignIn)\./,
  /src[\\/]shared[\\/]errors\./,
  /src[\\/]shared[\\/]i18n[\\/]words[\\/](nav|language|footer|auto-logout|auth-account|home-account)\./,
];

export default defineConfig(({ mode, isSsrBuild }): UserConfig => ({
  root: path.join(root, 'web'),
  publicDir: path.join(root, 'public'),
  plugins: [
    react(),
    scriptsAfterPaint(),
    sourcesBesideRoot(),
    ...(mode === 'site' ? [bareDynamicImports()] : []),
  ],
  worker: { format: 'es' },
  resolve: mode === 'site' ? { alias: PREACT, dedupe: ['preact'] } : {},
  // The prerender bundles its libraries, so React Router and i18next resolve `react` to preact/compat there too.
  ...(mode === 'site' ? { ssr: { noExternal: true } } : {}),
  build: {
    outDir: path.join(root, 'dist/web'),
    emptyOutDir: mode !== 'site',
    // One stylesheet for the whole site, linked by every prerendered page: a page's own styles are there before
    // its first paint, not added when its script arrives (which moved the page after it painted).
    cssCodeSplit: mode !== 'site',
    // The site's chunk graph (dist/web/.vite/manifest.json, not served), for `npm run bench:bundle`.
    manifest: mode === 'site',
    // The site adds no <link rel="modulepreload"> for what a chunk loaded on demand imports, nor the helper that
    // would: adding them took the main thread 11–18 ms in one task, and the helper ran on every page; a chunk's own
    // imports fetch side by side, and every page's shared code is one chunk (FRAME). The HTML still names the
    // entry's own imports (scriptsAfterPaint).
    modulePreload: mode === 'site' ? false : {},
    target: 'es2022',
    rollupOptions: {
      input:
        mode === 'site'
          ? { site: path.join(root, 'web/index.html') }
          : {
              app: path.join(root, 'web/app/index.html'),
              // Its own entry, so lunar-javascript and the phrase banks load only there.
              fortune: path.join(root, 'web/fortune-embed/index.html'),
            },
      // A page's header island and the runtime that wakes it run on every public page: one chunk for them and
      // what they share (Preact among it), not a dozen small ones each with its own request and overhead. The
      // entry's own imports (language, install, constants) stay out: they load before the first paint.
      ...(mode === 'site' && !isSsrBuild
        ? {
            output: {
              codeSplitting: {
                includeDependenciesRecursively: false,
                groups: [
                  // What the entry imports: one request beside it before the first paint, not a chain of four.
                  { name: 'boot', test: (id: string) => ENTRY.some((pattern) => pattern.test(id)) },
                  {
                    name: 'hydrate-islands',
                    test: (id: string) => RUNTIME.some((pattern) => pattern.test(id)),
                  },
                  { name: 'frame', test: (id: string) => FRAME.some((pattern) => pattern.test(id)) },
                  { name: 'account', test: (id: string) => ACCOUNT.some((pattern) => pattern.test(id)) },
                ],
              },
            },
          }
        : {}),
      onwarn(warning, warn) {
        // React Router looks React 19's useOptimistic up and falls back when it is absent, as on preact/compat.
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) return;
        warn(warning);
      },
    },
  },
  server: {
    proxy: { '/api': API_URL },
  },
}));
