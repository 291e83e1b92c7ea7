import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.data/**', 'server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // core/ is shared by the browser and the server: pure code, no I/O, no imports from either side.
    files: ['core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/app/**', '**/app', '../app*'], message: 'core/ must not import app/' },
          { group: ['**/server/**', '**/server', '../server*'], message: 'core/ must not import server/' },
          { group: ['node:*', 'fs', 'path', 'http', 'https', 'net', 'child_process', 'pg', '@electric-sql/*', 'fastify'], message: 'core/ is pure: no I/O modules' },
        ],
      }],
    },
  },
);
