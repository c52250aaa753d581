#!/usr/bin/env node
// Writes the AsyncAPI document of every event subject (libs/contracts/asyncapi/asyncapi.json)
// from the TypeBox event schemas and the descriptions above them. Run after changing an
// event schema: npx tsc -b libs/contracts && npm run generate:asyncapi -w @cti/contracts
// (test/asyncapi.test.ts fails while the committed document is out of date).
const fs = require('node:fs');
const path = require('node:path');

const { asyncApiText, ASYNCAPI_FILE } = require('../dist/index.js');

const root = path.resolve(__dirname, '..');
const eventsDir = path.join(root, 'src', 'events');
const sources = fs
  .readdirSync(eventsDir)
  .filter((f) => f.endsWith('.ts'))
  .sort()
  .map((f) => fs.readFileSync(path.join(eventsDir, f), 'utf8'));
const target = path.join(root, ASYNCAPI_FILE);
fs.mkdirSync(path.dirname(target), { recursive: true });
fs.writeFileSync(target, asyncApiText(sources));
process.stdout.write(`wrote ${path.relative(process.cwd(), target)}\n`);
