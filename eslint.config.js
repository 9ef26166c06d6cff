import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import { toastRules, wordsPlugin, wordsRules } from './eslint/words.js';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/**
 * Import fences (docs/decisions/0011): who may import whom, judged on the resolved file, so an
 * alias (`#server/app.ts`) and a relative path (`../../server/app.ts`) are the same import.
 */
const features = fs
  .readdirSync(path.join(root, 'src/client/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** The server's folders other than plugins/ and db/ (the tables and rules every layer reads). */
const serverDomains = fs
  .readdirSync(path.join(root, 'src/server'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !['plugins', 'db'].includes(entry.name))
  .map((entry) => entry.name);
/** Packages that speak HTTP. */
const httpPackages = ['fastify', 'fastify-plugin', 'fastify-type-provider-zod', '@fastify'].map(
  (name) => `node_modules/${name}`,
);
const fences = [
  {
    target: 'src/client',
    from: 'src/server',
    message: 'The web app never imports server code; both sides share only src/shared.',
  },
  {
    target: 'src/shared',
    from: ['src/client', 'src/server'],
    message: 'src/shared is the contract both sides import: it imports neither.',
  },
  {
    target: 'src/server',
    from: 'src/client',
    message: 'The server never imports web app code.',
  },
  {
    // Every page download carries these (docs/decisions/0041, 0008).
    target: ['src/shared/endpoints.ts', 'src/shared/pages.ts'],
    from: 'node_modules/zod',
    message: 'The endpoint and page registries carry no zod into page downloads.',
  },
  ...features.map((feature) => ({
    target: `src/client/features/${feature}`,
    from: 'src/client/features',
    except: [`./${feature}`],
    message:
      'A feature never imports another feature: two meet only in a route module under src/client/app.',
  })),
  {
    target: 'src/client/features',
    from: 'src/client/app',
    message: 'src/client/app composes the features, never the other way round.',
  },
  {
    target: ['src/client/components', 'src/client/lib'],
    from: ['src/client/features', 'src/client/app'],
    message: 'Shared components and lib sit below the features and the app: they import neither.',
  },
  {
    // Every server module except the route modules (*routes.ts), the HTTP folders (plugins/,
    // pages/, public-reads/), the session and guards of auth/, app.ts (with app-deps.ts), main.ts
    // and tests.
    target: [
      'src/server/!(plugins|pages|public-reads|auth)/**/!(*routes|*.test).ts',
      'src/server/auth/**/!(*routes|session|guards|*.test).ts',
      'src/server/!(app|app-deps|main|*.test).ts',
    ],
    from: httpPackages,
    message:
      'Only route modules (*routes.ts), plugins/, pages/, public-reads/, auth/session.ts, auth/guards.ts, app.ts and main.ts know HTTP: domain modules are plain functions over the database.',
  },
  {
    target: 'src/server/plugins/!(*.test).ts',
    from: serverDomains.map((domain) => `src/server/${domain}`),
    message:
      'plugins/ is HTTP plumbing every domain uses (errors, security, metrics, rate limits, logging): it imports no domain.',
  },
  {
    target: 'src/server/**/!(main|*.test).ts',
    from: 'src/server/app.ts',
    message:
      'Only main.ts and tests build the app; routes take their dependencies from app-deps.ts.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'data/',
      'drizzle/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      '.tmp/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', 'scripts/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.recommended.rules },
  },
  {
    files: ['src/client/**/*.tsx'],
    ignores: ['src/client/**/*.test.tsx'],
    plugins: { words: wordsPlugin },
    rules: wordsRules,
  },
  {
    files: ['src/client/**/*.ts'],
    ignores: ['src/client/**/*.test.ts'],
    rules: toastRules,
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  // Scripts the service worker imports (vite.config.ts workbox.importScripts).
  { files: ['public/**/*.js'], languageOptions: { globals: { ...globals.serviceworker } } },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: path.join(root, 'tsconfig.json') }),
      ],
      // no-cycle reads the imported modules itself: with TypeScript's parser, not only .js files.
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: fences }],
      // Type-only imports are skipped: they vanish at run time.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
