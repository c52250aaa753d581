const { base } = require('../../jest.preset');

/**
 * The scale-out suite (`make test-scale`): the platform under the dev runner with two replicas of
 * every service, two gateways behind HAProxy and a three-node NATS JetStream cluster, under load,
 * through kills and a rolling restart. Needs `tsc -b` first (the runner starts the built services).
 */
module.exports = {
  ...base,
  rootDir: '../..',
  displayName: 'scale',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/infra/scale/**/*.scale.test.ts'],
  maxWorkers: 1,
  // 10 to 20 minutes on a loaded 2-core machine; the ceiling only stops a hang
  testTimeout: 45 * 60_000,
};
