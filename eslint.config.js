import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Code the browser runs uses zod/mini: classic zod ('zod') is not tree-shakable and would put
// all of it (~10 KB brotli more) in the first load. Tests may build their own schemas with it.
const CLASSIC_ZOD = {
  name: 'zod',
  message:
    "Código do navegador usa 'zod/mini' (formas funcionais: z.optional(x), x.check(z.minLength(1))...): o 'zod' clássico não é tree-shakable.",
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'node_modules',
      'scratch',
      '.scratch',
      'test-results',
      'src/server/db/migrations',
      '.bench',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Shared code runs in the browser too: no Node globals (imports of node:* are refused
    // by scripts/check-boundaries.mjs).
    files: ['src/shared/**/*.ts'],
    ignores: ['src/shared/**/*.test.ts', 'src/shared/**/test/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'Buffer', message: 'src/shared roda no navegador: use Uint8Array/TextEncoder.' },
        { name: 'process', message: 'src/shared roda no navegador: receba o valor como parâmetro.' },
      ],
      'no-restricted-imports': ['error', { paths: [CLASSIC_ZOD] }],
    },
  },
  {
    // Bundled app code only (tests are not bundled).
    files: ['src/app/**/*.{ts,tsx}'],
    ignores: ['src/app/**/*.test.{ts,tsx}', 'src/app/test/**'],
    rules: {
      // Values come from the contract's own module (shared/contract/sales, ...), not the
      // barrel: a schema is then bundled only with the screens that use it.
      'no-restricted-imports': [
        'error',
        {
          paths: [CLASSIC_ZOD],
          patterns: [
            {
              regex: '(^|/)shared/contract(/index)?$',
              allowTypeImports: true,
              message: "Importe de 'shared/contract/<recurso>' (o índice leva o contrato inteiro ao bundle).",
            },
          ],
        },
      ],
    },
  },
  {
    // The service worker is bundled for the browser too.
    files: ['sw/**/*.ts'],
    ignores: ['sw/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [CLASSIC_ZOD] }],
    },
  },
);
