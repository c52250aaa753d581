#!/usr/bin/env node
// Writes the NATS users of the platform (libs/events/src/bus-access.ts) for the NATS servers of
// docker compose (infra/nats/users.conf) and Kubernetes (infra/k8s/base/nats/users.conf).
// Run after changing who publishes or consumes what:
//   npx tsc -b libs/events && npm run generate:nats-users -w @cti/events
// (infra/test/nats-users.test.ts fails while a committed file is out of date).
const fs = require('node:fs');
const path = require('node:path');

const { natsAuthorization, DEPLOYED_NATS_USERS_FILES } = require('../dist/index.js');

const repo = path.resolve(__dirname, '..', '..', '..');
const text = natsAuthorization({ prefix: 'evt', stream: 'EVENTS' });
for (const file of DEPLOYED_NATS_USERS_FILES) {
  fs.writeFileSync(path.join(repo, file), text);
  process.stdout.write(`wrote ${file}\n`);
}
