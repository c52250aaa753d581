// The repository's ESLint configuration (the root eslint.config.mjs re-exports it).
import './typescript-6.mjs';

import path from 'node:path';
import { fileURLToPath } from 'node:url';

import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Which web features a feature may import. Anything shared by two features lives in
 * web/src/components, web/src/lib or web/src/app; a feature imports another only along this map,
 * which must stay acyclic (checked below), so no two features ever import each other.
 */
const featureImports = {
  accounts: ['api-keys', 'auth', 'commerce', 'notifications'],
  admin: ['accounts', 'commerce', 'questionnaires'],
  'api-keys': ['auth'],
  audit: [],
  auth: [],
  commerce: ['auth'],
  documents: [],
  errors: ['auth', 'commerce', 'indexes'],
  indexes: ['auth', 'commerce', 'documents', 'notifications'],
  notifications: ['auth'],
  'public-pages': ['auth', 'indexes'],
  questionnaires: ['audit', 'auth', 'indexes'],
};

function assertAcyclic(graph) {
  const state = new Map();
  const visit = (node, trail) => {
    if (state.get(node) === 'done') return;
    if (state.get(node) === 'visiting') throw new Error(`featureImports has a cycle: ${[...trail, node].join(' -> ')}`);
    state.set(node, 'visiting');
    for (const next of graph[node] ?? []) visit(next, [...trail, node]);
    state.set(node, 'done');
  };
  for (const node of Object.keys(graph)) visit(node, []);
}
assertAcyclic(featureImports);

const featureZones = Object.entries(featureImports).map(([feature, allowed]) => ({
  target: `./web/src/features/${feature}`,
  from: './web/src/features',
  except: [`./${feature}`, ...allowed.map((other) => `./${other}`)],
  message: `web/src/features/${feature} may import only ${allowed.length ? allowed.join(', ') : 'no other feature'}: move what two features share to web/src/components or web/src/lib (featureImports in infra/lint/eslint.config.mjs).`,
}));

/**
 * The service shape (CONTRIBUTING): routes -> use-case -> repository. Kysely queries and `sql`
 * are written in a feature folder's `repository.ts` (or a migration); use-cases call them.
 */
const queryBuilderCalls = 'selectFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto|selectNoFrom';
const queriesOnlyInRepositories = [
  'error',
  {
    selector: `CallExpression[callee.property.name=/^(${queryBuilderCalls})$/]`,
    message: "Queries belong in the feature folder's repository.ts (functions over the service's executor); call them from the use-case.",
  },
  {
    selector: "TaggedTemplateExpression[tag.name='sql'], CallExpression[callee.object.name='sql']",
    message: "SQL belongs in the feature folder's repository.ts (functions over the service's executor); call them from the use-case.",
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-*/**',
      'web/public/**',
      'test-output/**',
      'infra/k8s/**',
      // deliberate violations, linted by infra/lint/test with --no-ignore (ESLint looks the
      // configuration up from each file's folder, so this file is also their config, based here)
      'infra/lint/test/fixtures/**',
      'test/fixtures/**',
      // Generated once by their build scripts and committed.
      'web/src/features/indexes/map/world-map.generated.ts',
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    files: [
      '**/*.cjs',
      'jest.config.js',
      'knip.js',
      'jest.preset.js',
      '*/jest.config.js',
      'infra/*/jest.config.js',
      'web/test/*.js',
      'infra/docker/healthcheck.js',
    ],
    languageOptions: { sourceType: 'commonjs' },
  },
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        // two programs (node side, web) rather than the project service's one per tsconfig: see tsconfig.lint.json
        project: ['./tsconfig.lint.json', './web/tsconfig.lint.json'],
        tsconfigRootDir: root,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // Fastify route handlers and plugins are async by contract even when a body awaits nothing.
      '@typescript-eslint/require-await': 'off',
      // React event props take async handlers (onClick={async () => ...}); what they return is ignored by design.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // String(value) of an unknown value is the intended conversion (escaping, log and error texts).
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },
  {
    // Tests read answers as JSON (light-my-request's `response.json()` and `JSON.parse` are `any`) and
    // assert on their shape; typing each answer would restate the assertions. Jest's expect() takes
    // methods unbound.
    files: [
      '**/test/**/*.{ts,tsx}',
      '**/*.test.{ts,tsx}',
      'e2e/**/*.ts',
      'infra/test/**/*.ts',
      'infra/faults/**/*.ts',
      'services/*/bench/**/*.ts',
    ],
    rules: {
      // `res.json() as Answer` reads as the assertion it is; the rule would have it `res.json<Answer>()`.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // Migrations are typed over Kysely<any> by rule (CONTRIBUTING): they predate the service's current tables.
    files: ['services/*/migrations/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Props are plain functions (declared `onClose(): void`), never called on their object.
      '@typescript-eslint/unbound-method': 'off',
      // TanStack Table's ColumnDef<Row, any> is its type for a list of columns whose values differ.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // Functions these build scripts pass to page.evaluate run in the browser.
    files: ['web/scripts/*.mjs', 'web/src/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    rules: {
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', 'parent', 'sibling', 'index'],
          'newlines-between': 'always',
          alphabetize: { order: 'asc', caseInsensitive: true },
          pathGroups: [{ pattern: '@cti/**', group: 'internal' }],
          pathGroupsExcludedImportTypes: ['builtin'],
        },
      ],
      'import-x/first': 'error',
      'import-x/no-duplicates': 'error',
      // no module imports itself back, however long the loop (infra/lint/test/import-rules.test.ts)
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['web/src/features/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: featureZones }],
    },
  },
  {
    // the service shape: queries only in repositories (infra/lint/test/service-shape.test.ts)
    files: ['**/services/*/src/**/*.ts'],
    ignores: ['**/services/*/src/**/repository.ts', '**/services/*/src/**/migrations/**'],
    rules: { 'no-restricted-syntax': queriesOnlyInRepositories },
  },
  {
    // the service shape: the HTTP request and reply stay in the routes (and the service's app.ts
    // and server.ts); a use-case takes plain values: the caller, the body, the request's trace
    // context (`requestContext(request)`). infra/lint/test/service-shape.test.ts shows it bite.
    files: ['**/services/*/src/**/*.ts'],
    ignores: [
      '**/services/*/src/**/routes.ts',
      '**/services/*/src/app.ts',
      '**/services/*/src/server.ts',
      // the gateway forwards requests: handling them is its whole job, not a use-case's
      '**/services/gateway/src/**',
      // helpers of routes that read or answer HTTP itself: a signed cookie, a stored file sent as
      // the reply, a conditional answer with its caching headers
      '**/services/identity/src/devices/device-cookie.ts',
      '**/services/documents/src/storage/send-file.ts',
      '**/services/scoring/src/read-models/http.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'fastify',
              importNames: ['FastifyRequest', 'FastifyReply'],
              message:
                'Only routes.ts (and app.ts, server.ts) handle the request and reply: pass the use-case plain values (the caller, the body, requestContext(request)).',
            },
          ],
        },
      ],
    },
  },
);
