const { base } = require('../jest.preset');

/**
 * Browser journeys: one whole stack (embedded Postgres, NATS, every service, gateway
 * with the built web app, demo data) for the run, driven with playwright-core in
 * Debian's Chromium. Run after `tsc -b` and the web build (make test does both).
 */
module.exports = {
  ...base,
  rootDir: '..',
  displayName: 'e2e',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/e2e/tests/**/*.e2e.test.ts'],
  globalSetup: '<rootDir>/e2e/support/global-setup.ts',
  globalTeardown: '<rootDir>/e2e/support/global-teardown.ts',
  // fails any journey that met a Content Security Policy violation
  setupFilesAfterEnv: ['<rootDir>/e2e/support/csp-guard.ts'],
  maxWorkers: 1,
  testTimeout: 120_000,
};
