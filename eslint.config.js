import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Which rooms each room of src/ must not import. @type {Record<string, string[]>} */
const ROOMS = {
  site: ['app', 'fortune', 'server'],
  app: ['site', 'fortune', 'server'],
  fortune: ['site', 'app', 'server'],
  client: ['site', 'app', 'fortune', 'server'],
  shared: ['client', 'site', 'app', 'fortune', 'server'],
  server: ['client', 'site', 'app', 'fortune'],
};

/** What every feature of the server may use. */
const SERVER_BASE = ['core', 'db', 'http', 'mail', 'policies', 'quota', 'ratelimit', 'storage', 'accounts'];

/**
 * Inside a room: the folders each of its folders may import ('.' the room's own top-level files); a folder
 * not named here (the server's test helpers) is free within its room. Lower folders never import higher ones, so
 * no cycle can form. The server: its base (core, db, http, the policies, then storage, rate limits, the quota, mail, accounts),
 * the features over it, and the live news over sync; app.ts composes them all.
 * @type {Record<string, Record<string, string[]>>}
 */
const INSIDE = {
  server: {
    core: [],
    db: ['core'],
    http: ['core'],
    policies: ['core', 'http'],
    storage: ['core', 'http'],
    ratelimit: ['core', 'db', 'http'],
    quota: ['core', 'db', 'http', 'storage'],
    mail: ['core', 'db', 'http', 'ratelimit'],
    accounts: ['core', 'db', 'http', 'mail', 'policies', 'ratelimit'],
    banner: SERVER_BASE,
    documents: SERVER_BASE,
    drives: SERVER_BASE,
    files: SERVER_BASE,
    inquiries: SERVER_BASE,
    notices: SERVER_BASE,
    passkeys: SERVER_BASE,
    push: SERVER_BASE,
    reminders: [...SERVER_BASE, 'push'],
    sync: SERVER_BASE,
    // A space's series follows sync's rules (sync/series.ts) over a store of its own.
    spaces: [...SERVER_BASE, 'sync'],
    live: [...SERVER_BASE, 'sync', 'spaces'],
    '.': [
      ...SERVER_BASE,
      'banner',
      'documents',
      'drives',
      'files',
      'inquiries',
      'live',
      'notices',
      'passkeys',
      'push',
      'reminders',
      'spaces',
      'sync',
    ],
  },
  app: {
    vault: [],
    calendar: [],
    backup: ['vault'],
    sync: ['vault', 'calendar'],
    reminders: ['vault'],
    // A space's log is refused as sync refuses a change (SyncRefused); its records sync with sync's engine; its
    // browser host (spaces/browser.ts) opens a space's store as the platform opens the member's (spacePlatform).
    spaces: ['vault', 'sync', 'platform'],
    '.': ['backup', 'vault'],
    records: ['calendar', 'vault'],
    ui: ['.', 'records', 'spaces', 'vault'],
    access: ['.', 'ui', 'vault'],
    modules: ['.', 'access', 'backup', 'calendar', 'records', 'reminders', 'spaces', 'sync', 'ui', 'vault'],
    platform: ['backup', 'vault'],
    shell: [
      '.',
      'access',
      'backup',
      'calendar',
      'modules',
      'platform',
      'records',
      'reminders',
      'sync',
      'ui',
      'vault',
    ],
  },
};

/** A room's top-level files, as its folders would import them. @type {Record<string, string[]>} */
const ROOM_FILES = { app: ['copy', 'format', 'normalize', 'settings'], server: ['app', 'main', 'migrate'] };

/**
 * The app's modules (src/app/modules/<module>/, one per screen): each imports only its own folder, the record-kind
 * registry (modules/kinds.ts) and the folders below the modules, never another module. The registry is the one file
 * that imports modules, and only their declarations (<module>/kind.ts). Read from the disk, so a new module is
 * covered the day it is made.
 */
const APP_MODULES = fs
  .readdirSync(new URL('./src/app/modules/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** How deep a module's folders go (import/formats/money is 2), and one more, so every file of a module is met. */
const MODULE_DEPTH =
  Math.max(
    ...fs
      .readdirSync(new URL('./src/app/modules/', import.meta.url), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map(
        (entry) =>
          entry.parentPath
            .split(/[\\/]modules[\\/]?/)[1]
            ?.split(/[\\/]/)
            .filter(Boolean).length ?? 0,
      ),
  ) + 1;

/**
 * The patterns that keep module `name` to itself, for its files `depth` folders below its own: a path that climbs
 * out of the module into another module's folder. @type {(name: string, depth: number) => object}
 */
const otherModule = (name, depth) => ({
  regex: `^(\\.\\./){${depth + 1}}(?!${name}/)[\\w-]+/`,
  message: `src/app/modules/${name} imports only its own files, the record-kind registry (modules/kinds.ts) and the folders below the modules, never another module (see CONTRIBUTING.md).`,
});

/** The registry's files (modules/*.ts) import only each module's declaration, <module>/kind.ts. */
const registryReach = {
  regex: '^\\./(?![\\w-]+/kind\\.js$)',
  message:
    'modules/kinds.ts imports only each module’s declaration (<module>/kind.ts) (see CONTRIBUTING.md).',
};

/**
 * Rooms whose files stay small enough to read whole (issue 44): the vault's rooms and the sync engine's parts. A
 * file that grows past its room's limit is split by what it does, not cut where the count falls.
 */
const MAX_LINES = { 'src/app/vault': 600, 'src/app/sync': 400 };

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', '.test-data/**', 'public/**', '.ci/node-*/**'] },
  ...Object.entries(MAX_LINES).map(([folder, max]) => ({
    files: [`${folder}/**/*.{ts,tsx}`],
    ignores: ['src/**/*.test.ts'],
    rules: {
      'max-lines': /** @type {import('eslint').Linter.RuleEntry} */ ([
        'error',
        { max, skipBlankLines: false, skipComments: false },
      ]),
    },
  })),
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/{client,site,app,fortune}/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // The browser side's rooms: the site, the app and the fortune embed are siblings that share only src/client
  // and src/shared; the server never imports browser code, and the browser never imports the server's. Inside a
  // room, each folder imports only the folders below it (INSIDE), so the house keeps its shape.
  ...Object.entries(ROOMS).flatMap(([room, others]) => {
    const outside = {
      regex: `^(\\.\\./)+(${others.join('|')})/`,
      message: `src/${room} imports only its own files, src/client and src/shared (see CONTRIBUTING.md).`,
    };
    const folders = INSIDE[room] ?? {};
    const restricted = (/** @type {object[]} */ patterns) => ({
      'no-restricted-imports': /** @type {import('eslint').Linter.RuleEntry} */ ([
        'error',
        { patterns: [outside, ...patterns] },
      ]),
    });
    return [
      { files: [`src/${room}/**/*.{ts,tsx}`], ignores: ['src/**/*.test.ts'], rules: restricted([]) },
      ...Object.entries(folders)
        .map(([folder, below]) => {
          const names = Object.keys(folders).filter((name) => name !== folder && name !== '.');
          const barred = names.filter((name) => !below.includes(name));
          /** @type {object[]} */
          const patterns = [];
          const rule = `src/${room}/${folder === '.' ? '*' : folder} imports only ${below.join(', ') || 'its own files'} of src/${room} (see CONTRIBUTING.md).`;
          if (barred.length > 0) patterns.push({ regex: `^(\\.\\./)+(${barred.join('|')})/`, message: rule });
          if (folder !== '.' && !below.includes('.')) {
            patterns.push({
              regex: `^(\\.\\./)+(${(ROOM_FILES[room] ?? []).join('|')})\\.js$`,
              message: rule,
            });
          }
          const layer = {
            files: folder === '.' ? [`src/${room}/*.{ts,tsx}`] : [`src/${room}/${folder}/**/*.{ts,tsx}`],
            ignores: ['src/**/*.test.ts'],
            rules: restricted(patterns),
          };
          if (room !== 'app' || folder !== 'modules') return [layer];
          // The modules, each kept to its own folder (one rule object per file depth: the same climb out of a
          // module reads `../` at its top and `../../` a folder down). Later objects replace the layer's, so each
          // carries the layer's patterns too.
          return [
            layer,
            {
              files: ['src/app/modules/*.{ts,tsx}'],
              ignores: layer.ignores,
              rules: restricted([...patterns, registryReach]),
            },
            ...APP_MODULES.flatMap((name) =>
              Array.from({ length: MODULE_DEPTH + 1 }, (_, depth) => ({
                files: [`src/app/modules/${name}/${'*/'.repeat(depth)}*.{ts,tsx}`],
                ignores: layer.ignores,
                rules: restricted([...patterns, otherModule(name, depth)]),
              })),
            ),
          ];
        })
        .flat(),
    ];
  }),
  // A module's tests keep to it too (the layers' rules leave tests free, for their helpers).
  ...APP_MODULES.flatMap((name) =>
    Array.from({ length: MODULE_DEPTH + 1 }, (_, depth) => ({
      files: [`src/app/modules/${name}/${'*/'.repeat(depth)}*.test.ts`],
      rules: {
        'no-restricted-imports': /** @type {import('eslint').Linter.RuleEntry} */ ([
          'error',
          { patterns: [otherModule(name, depth)] },
        ]),
      },
    })),
  ),
);
