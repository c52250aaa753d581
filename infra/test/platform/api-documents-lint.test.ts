import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { gatewayService, UPSTREAMS } from '@cti/gateway';
import type { ServiceApp } from '@cti/service-kit';
import { createTestContext, type TestContext } from '@cti/testing';

import { startPlatform, type Platform } from './support/platform';

/**
 * Every OpenAPI document the platform serves (each service's `/documentation/json`, and the
 * gateway's `/api/v1/openapi.json` for key holders) passes `redocly lint` with its recommended
 * rules without an error; each protected operation names the bearer scheme, each has an
 * operationId and a summary, and no `/internal/` route is described.
 */
const repo = path.resolve(__dirname, '..', '..', '..');
const redocly = path.join(repo, 'node_modules', '.bin', 'redocly');
const run = promisify(execFile);

let ctx: TestContext;
let platform: Platform;
let gateway: ServiceApp;
let dir: string;
beforeAll(async () => {
  ctx = await createTestContext();
  platform = await startPlatform(ctx);
  gateway = await ctx.start(
    gatewayService,
    Object.fromEntries(UPSTREAMS.map((s) => [`${s.toUpperCase()}_URL`, `http://127.0.0.1:${portOf(platform[s])}`])),
  );
  dir = process.env.KEEP_OPENAPI ?? fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-lint-'));
}, 180_000);
afterAll(async () => {
  await ctx?.close();
  if (dir && !process.env.KEEP_OPENAPI) fs.rmSync(dir, { recursive: true, force: true });
});

function portOf(app: ServiceApp): number {
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

type Operation = { operationId?: string; summary?: string; security?: Array<Record<string, string[]>> };
type Document = { paths: Record<string, Record<string, Operation>>; components?: { securitySchemes?: Record<string, unknown> } };

async function documentOf(name: string): Promise<Document> {
  const app = name === 'api-v1' ? gateway : name === 'gateway' ? gateway : platform[name as keyof Platform];
  const url = name === 'api-v1' ? '/api/v1/openapi.json' : '/documentation/json';
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.json();
}

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: Array<{ pointer: string }>;
}

async function lint(name: string, document: Document): Promise<LintProblem[]> {
  const file = path.join(dir, `${name}.json`);
  fs.writeFileSync(file, JSON.stringify(document));
  const result = await run(redocly, ['lint', file, '--format=json', '--extends=recommended'], {
    cwd: dir,
    maxBuffer: 64 * 1024 * 1024,
  }).catch((err: { stdout?: string; code?: number }) => {
    // redocly exits 1 when it found errors: the report is still on stdout
    if (err.stdout) return { stdout: err.stdout };
    throw err;
  });
  return (JSON.parse(result.stdout) as { problems: LintProblem[] }).problems;
}

const documents = [...UPSTREAMS, 'gateway', 'api-v1'];

it.each(documents)(
  'the %s document passes redocly lint (recommended rules) without an error',
  async (name) => {
    const problems = await lint(name, await documentOf(name));
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`);
    expect(errors).toEqual([]);
  },
  120_000,
);

it.each(documents)('the %s document names an operation id and a summary for every operation, each id once', async (name) => {
  const doc = await documentOf(name);
  const operations = Object.entries(doc.paths).flatMap(([p, methods]) =>
    Object.entries(methods).map(([m, op]) => ({ at: `${m} ${p}`, op })),
  );
  expect(operations.filter(({ op }) => !op.operationId || !op.summary).map(({ at }) => at)).toEqual([]);
  const ids = operations.map(({ op }) => op.operationId);
  expect(ids.length).toBe(new Set(ids).size);
  expect(Object.keys(doc.paths).filter((p) => p.startsWith('/internal/'))).toEqual([]);
});

it.each(UPSTREAMS)('the %s document refers every operation a token guards to the bearer scheme', async (service) => {
  const doc = await documentOf(service);
  const guarded = new Set(
    platform[service].registeredRoutes
      .filter((r) => r.guards.some((g) => g.kind !== 'service') && r.url.startsWith('/api/'))
      .map((r) => `${r.method.toLowerCase()} ${r.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`),
  );
  expect(guarded.size).toBeGreaterThan(0);
  const described = Object.entries(doc.paths).flatMap(([p, methods]) =>
    Object.entries(methods).map(([m, op]) => ({ key: `${m} ${p}`, op })),
  );
  const unsecured = described.filter(({ key, op }) => guarded.has(key) && !op.security?.some((s) => 'bearer' in s)).map(({ key }) => key);
  expect(unsecured).toEqual([]);
  expect(doc.components?.securitySchemes).toHaveProperty('bearer');
});
