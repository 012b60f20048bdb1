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
    documents: SERVER_BASE,
    drives: SERVER_BASE,
    files: SERVER_BASE,
    inquiries: SERVER_BASE,
    notices: SERVER_BASE,
    passkeys: SERVER_BASE,
    push: SERVER_BASE,
    sync: SERVER_BASE,
    live: [...SERVER_BASE, 'sync'],
    '.': [
      ...SERVER_BASE,
      'documents',
      'drives',
      'files',
      'inquiries',
      'live',
      'notices',
      'passkeys',
      'push',
      'sync',
    ],
  },
  app: {
    vault: [],
    calendar: [],
    backup: ['vault'],
    sync: ['vault', 'calendar'],
    '.': ['backup', 'vault'],
    ui: ['.', 'vault'],
    access: ['.', 'ui', 'vault'],
    modules: ['.', 'access', 'backup', 'calendar', 'sync', 'ui', 'vault'],
    platform: ['backup', 'vault'],
    shell: ['.', 'access', 'backup', 'calendar', 'modules', 'platform', 'sync', 'ui', 'vault'],
  },
};

/** A room's top-level files, as its folders would import them. @type {Record<string, string[]>} */
const ROOM_FILES = { app: ['copy', 'format', 'settings'], server: ['app', 'main', 'migrate'] };

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', '.test-data/**', 'public/**', '.ci/node-*/**'] },
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
      ...Object.entries(folders).map(([folder, below]) => {
        const names = Object.keys(folders).filter((name) => name !== folder && name !== '.');
        const barred = names.filter((name) => !below.includes(name));
        const patterns = [];
        const rule = `src/${room}/${folder === '.' ? '*' : folder} imports only ${below.join(', ') || 'its own files'} of src/${room} (see CONTRIBUTING.md).`;
        if (barred.length > 0) patterns.push({ regex: `^(\\.\\./)+(${barred.join('|')})/`, message: rule });
        if (folder !== '.' && !below.includes('.')) {
          patterns.push({ regex: `^(\\.\\./)+(${(ROOM_FILES[room] ?? []).join('|')})\\.js$`, message: rule });
        }
        return {
          files: folder === '.' ? [`src/${room}/*.{ts,tsx}`] : [`src/${room}/${folder}/**/*.{ts,tsx}`],
          ignores: ['src/**/*.test.ts'],
          rules: restricted(patterns),
        };
      }),
    ];
  }),
);
