// Lint: typescript-eslint recommended, plus the import boundaries of STYLE.md as errors.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const noImport = (patterns, message) => ['error', { patterns: patterns.map((group) => ({ group: [group], message })) }];

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'dev-dist/**', 'server/db/migrations/**', 'tests/e2e/screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['domain/**/*.ts'],
    rules: { 'no-restricted-imports': noImport(['**/sync/**', '**/src/**', '**/server/**', '**/workers/**', 'dexie', 'react', 'fastify', 'node:*'], 'domain/ is pure: it imports nothing from the layers above it.') },
  },
  {
    files: ['sync/**/*.ts'],
    rules: { 'no-restricted-imports': noImport(['**/src/**', '**/server/**', '**/workers/**', 'react', 'fastify', 'node:*'], 'sync/ depends on domain/ only; adapters live in src/ and server/.') },
  },
  {
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': noImport(['**/src/**', '**/workers/**', 'react', 'react-dom', 'dexie'], 'The server never imports the app.') },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'workers/**/*.ts'],
    rules: { 'no-restricted-imports': noImport(['**/server/**', 'fastify', 'pg', '@electric-sql/pglite', 'drizzle-orm*'], 'The app never imports the server.') },
  },
  {
    files: ['src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { regex: '^\\.\\./\\.\\./[a-z-]+/', message: 'A feature never imports another feature; move shared code to src/ui, src/api or domain/.' },
        { group: ['**/features/*/**'], message: 'A feature never imports another feature.' },
        { group: ['**/server/**'], message: 'The app never imports the server.' },
      ] }],
    },
  },
);
