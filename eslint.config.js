import fs from 'node:fs';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import boundaries of STYLE.md: who may import whom. */
const boundary = (from, forbidden, message) => ({
  files: [from],
  rules: {
    'no-restricted-imports': ['error', { patterns: forbidden.map((group) => ({ group: [group], message })) }],
  },
});

const clientForbidden = ['#server/*', '**/server/**', 'drizzle-orm*', 'pg', 'fastify'];
const features = fs.existsSync('src/client/features') ? fs.readdirSync('src/client/features') : [];
/** A feature never imports another feature; two meet only in a route module under src/client/app. */
const featureBoundaries = features.map((feature) =>
  boundary(
    `src/client/features/${feature}/**`,
    [
      ...clientForbidden,
      ...features.filter((other) => other !== feature).flatMap((other) => [`#client/features/${other}/*`, `**/features/${other}/**`]),
    ],
    'features never import each other or the server; compose them in src/client/app',
  ),
);

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'drizzle/', 'node_modules/', 'test-results/', 'playwright-report/', '.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['*.js', 'scripts/*.mjs'] }, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
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
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  boundary('src/shared/**', ['#server/*', '#client/*', '**/server/**', '**/client/**', 'fastify', 'react'], 'shared is the contract: it imports neither server nor client'),
  boundary('src/client/**', clientForbidden, 'the web app never imports server code'),
  ...featureBoundaries,
  boundary('src/server/**', ['#client/*', '**/client/**', 'react', 'react-dom'], 'the server never imports web app code'),
  // Domain services stay free of HTTP: only routes, plugins and the app know Fastify.
  boundary('src/server/*/service.ts', ['fastify', '@fastify/*', '#client/*'], 'services are plain functions over the database'),
);
