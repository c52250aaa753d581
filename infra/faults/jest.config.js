const { base } = require('../../jest.preset');

/**
 * The fault-injection suite (`make test-faults`, also the last step of `make test`): the
 * whole platform as real processes under the dev runner, a stream of event-producing
 * requests, and kill -9 / Postgres restarts in the middle of it. Needs `tsc -b` first.
 */
module.exports = {
  ...base,
  rootDir: '../..',
  displayName: 'faults',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/infra/faults/**/*.faults.test.ts'],
  maxWorkers: 1,
  // a run takes about 3 minutes on a loaded 2-core machine; the ceiling only stops a hang
  testTimeout: 15 * 60_000,
};
