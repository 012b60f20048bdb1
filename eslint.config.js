import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
  // and src/shared; the server never imports browser code, and the browser never imports the server's.
  ...Object.entries({
    site: ['app', 'fortune', 'server'],
    app: ['site', 'fortune', 'server'],
    fortune: ['site', 'app', 'server'],
    client: ['site', 'app', 'fortune', 'server'],
    shared: ['client', 'site', 'app', 'fortune', 'server'],
    server: ['client', 'site', 'app', 'fortune'],
  }).map(([room, others]) => ({
    files: [`src/${room}/**/*.{ts,tsx}`],
    ignores: ['src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': /** @type {import('eslint').Linter.RuleEntry} */ ([
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(${others.join('|')})/`,
              message: `src/${room} imports only its own files, src/client and src/shared (see CONTRIBUTING.md).`,
            },
          ],
        },
      ]),
    },
  })),
);
