#!/usr/bin/env node
// Writes the AsyncAPI document of every event subject (libs/contracts/asyncapi/asyncapi.json), and
// the one of the subjects the integrations account reads (examples/audit-chain-follower/asyncapi.json),
// from the TypeBox event schemas and the descriptions above them. Run after changing an
// event schema: npx tsc -b libs/contracts && npm run generate:asyncapi -w @cti/contracts
// (test/asyncapi.test.ts fails while the committed document is out of date).
const fs = require('node:fs');
const path = require('node:path');

const { asyncApiForIntegrators, asyncApiText, ASYNCAPI_FILE, INTEGRATORS_ASYNCAPI_FILE } = require('../dist/index.js');

const root = path.resolve(__dirname, '..');
const eventsDir = path.join(root, 'src', 'events');
const sources = fs
  .readdirSync(eventsDir)
  .filter((f) => f.endsWith('.ts'))
  .sort()
  .map((f) => fs.readFileSync(path.join(eventsDir, f), 'utf8'));
const target = path.join(root, ASYNCAPI_FILE);
fs.mkdirSync(path.dirname(target), { recursive: true });
const text = asyncApiText(sources);
fs.writeFileSync(target, text);
process.stdout.write(`wrote ${path.relative(process.cwd(), target)}\n`);
// the subjects the integrations account reads, for consumers outside the repository (no servers: each environment serves its own)
const integrators = path.resolve(root, '..', '..', INTEGRATORS_ASYNCAPI_FILE);
fs.writeFileSync(integrators, `${JSON.stringify(asyncApiForIntegrators(JSON.parse(text), []), null, 2)}\n`);
process.stdout.write(`wrote ${path.relative(process.cwd(), integrators)}\n`);
