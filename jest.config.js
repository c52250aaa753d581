const path = require('node:path');

const { base, escapeRegExp, needsInfrastructure, root, testFiles } = require('./jest.preset');

/**
 * Unit and service tests, in three projects:
 * - `unit`: node tests that need neither Postgres nor NATS (pure libraries, rules, wording);
 * - `service`: node tests on one real Postgres and one real NATS for the run (its globalSetup,
 *   which jest runs only when a test of this project is selected); each test file gets its own
 *   database and event stream (libs/testing);
 * - `web`: the web app's tests in jsdom.
 * Which node test needs the infrastructure is read from its imports (`needsInfrastructure`).
 *
 * Run from a package's folder (`npm test -w <package>`, whose script is `jest -c <this file>`),
 * only that package's tests run.
 */
const nodeTestDirs = ['libs', 'services', 'infra', 'examples'].map((dir) => path.join(root, dir));
const nodeTests = nodeTestDirs.flatMap((dir) => testFiles(dir, /\.test\.ts$/)).filter((file) => /\/test\//.test(file));
const [withInfrastructure, withoutInfrastructure] = nodeTests.reduce(
  ([needing, pure], file) => (needsInfrastructure(file) ? [[...needing, file], pure] : [needing, [...pure, file]]),
  [[], []],
);
const ignoring = (files) => [...base.testPathIgnorePatterns, ...files.map((file) => `^${escapeRegExp(file)}$`)];

const here = path.relative(root, process.cwd());
const roots = here && !here.startsWith('..') && !path.isAbsolute(here) ? [path.join(root, here)] : ['<rootDir>'];

const node = {
  ...base,
  roots,
  testEnvironment: 'node',
  testMatch: [
    '<rootDir>/libs/*/test/**/*.test.ts',
    '<rootDir>/services/*/test/**/*.test.ts',
    '<rootDir>/infra/**/test/**/*.test.ts',
    '<rootDir>/examples/*/test/**/*.test.ts',
  ],
};

module.exports = {
  maxWorkers: process.env.JEST_MAX_WORKERS ?? 2,
  testTimeout: 60_000,
  projects: [
    { ...node, displayName: 'unit', testPathIgnorePatterns: ignoring(withInfrastructure) },
    {
      ...node,
      displayName: 'service',
      testPathIgnorePatterns: ignoring(withoutInfrastructure),
      globalSetup: '<rootDir>/libs/testing/src/global-setup.ts',
      globalTeardown: '<rootDir>/libs/testing/src/global-teardown.ts',
    },
    {
      ...base,
      roots,
      displayName: 'web',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/web/src/**/*.test.{ts,tsx}'],
      setupFiles: ['<rootDir>/web/test/setup-jsdom.ts'],
      setupFilesAfterEnv: ['<rootDir>/web/test/setup-testing-library.ts'],
      moduleNameMapper: { ...base.moduleNameMapper, '\\.(css|svg|png|webp)$': '<rootDir>/web/test/file-stub.js' },
    },
  ],
};
