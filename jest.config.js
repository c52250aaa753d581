const { base } = require('./jest.preset');

/**
 * Unit and service tests. One Postgres and one NATS for the run (globalSetup);
 * each test file gets its own database and event stream (libs/testing).
 */
module.exports = {
  globalSetup: '<rootDir>/libs/testing/src/global-setup.ts',
  globalTeardown: '<rootDir>/libs/testing/src/global-teardown.ts',
  maxWorkers: process.env.JEST_MAX_WORKERS ?? 2,
  testTimeout: 60_000,
  projects: [
    {
      ...base,
      displayName: 'node',
      testEnvironment: 'node',
      testMatch: [
        '<rootDir>/libs/*/test/**/*.test.ts',
        '<rootDir>/services/*/test/**/*.test.ts',
        '<rootDir>/infra/**/test/**/*.test.ts',
        '<rootDir>/examples/*/test/**/*.test.ts',
      ],
    },
    {
      ...base,
      displayName: 'web',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/web/src/**/*.test.{ts,tsx}'],
      setupFiles: ['<rootDir>/web/test/setup-jsdom.ts'],
      setupFilesAfterEnv: ['<rootDir>/web/test/setup-testing-library.ts'],
      moduleNameMapper: { ...base.moduleNameMapper, '\\.(css|svg|png|webp)$': '<rootDir>/web/test/file-stub.js' },
    },
  ],
};
