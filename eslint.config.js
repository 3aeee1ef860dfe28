// Lint: typescript-eslint recommended, React hooks, jsx-a11y, no import circles, and the layout of
// STYLE.md as allow-lists (each layer names what it may import; anything else is an error).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';

/** Packages a layer may import (relative imports are checked by the zones below). */
const onlyPackages = (allowed, message) => [
  'error',
  {
    patterns: [
      { regex: `^(?!\\.|(${allowed.map((p) => p.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})(/|$))`, message },
    ],
  },
];

/** A zone: files under `target` may import from the project only what is under `allow`. */
const LAYERS = ['domain', 'sync', 'workers', 'src', 'server', 'locales', 'tests', 'bench', 'scripts'];
const zone = (target, allow, message) => ({
  target: `./${target}`,
  from: LAYERS.filter((l) => !allow.includes(l) && l !== target).map((l) => `./${l}`),
  message,
});

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const SHARED_SRC = ['api', 'db', 'i18n', 'pwa', 'realtime', 'sync', 'ui'];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'node_modules/**',
      'dev-dist/**',
      'server/db/migrations/**',
      'tests/e2e/screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            zone('domain', [], 'domain/ is pure: it imports only valibot and itself.'),
            zone('sync', ['domain'], 'sync/ imports only domain/ and itself; adapters live in src/ and server/.'),
            zone(
              'workers',
              ['domain', 'sync', 'src'],
              'workers/ wire domain/ and sync/ (and the app’s storage) to messages.',
            ),
            zone('src', ['domain', 'sync', 'workers', 'locales'], 'The app never imports the server.'),
            zone('server', ['domain', 'sync', 'locales', 'scripts'], 'The server never imports the app.'),
            // A feature never imports another feature, at any depth; shared app code imports none.
            ...features.map((f) => ({
              target: `./src/features/${f}`,
              from: './src/features',
              // One allow-listed public entry: the journey builder previews the kiosk's screens.
              except: f === 'journeys' ? [`./${f}`, './kiosk/preview.tsx'] : [`./${f}`],
              message: 'A feature never imports another feature; share through domain/, sync/, src/ui, src/api.',
            })),
            ...SHARED_SRC.map((d) => ({
              target: `./src/${d}`,
              from: './src/features',
              message: 'Shared app code never imports a feature.',
            })),
          ],
        },
      ],
    },
  },
  {
    // Server tests may start the fake directory servers (tests/fake-directories); server code may not.
    files: ['server/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              ...zone('server', ['domain', 'sync', 'locales', 'scripts'], 'The server never imports the app.'),
              except: ['./fake-directories', './fake-notifiers'],
            },
          ],
        },
      ],
    },
  },
  {
    files: ['domain/**/*.ts'],
    ignores: ['domain/**/*.test.ts'],
    rules: { 'no-restricted-imports': onlyPackages(['valibot'], 'domain/ imports only valibot.') },
  },
  {
    files: ['domain/**/*.test.ts'],
    rules: {
      'no-restricted-imports': onlyPackages(
        ['valibot', 'vitest', 'fast-check'],
        'domain/ tests import only valibot, vitest and fast-check.',
      ),
    },
  },
  {
    files: ['sync/**/*.ts'],
    ignores: ['sync/**/*.test.ts', 'sync/testing/**'],
    rules: {
      'no-restricted-imports': onlyPackages(
        ['valibot', 'uuid', 'socket.io-client'],
        'sync/ imports only domain/, valibot and uuid.',
      ),
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'workers/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['fastify', 'pg', '@electric-sql/pglite', 'drizzle-orm*', 'node:*'],
              message: 'The app never imports the server or Node.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-dom', 'dexie', '@mantine/*'], message: 'The server never imports the app.' },
          ],
        },
      ],
    },
  },
  {
    // The rules of hooks and their dependencies; the React Compiler's advisory rules are not on.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
);
