import { spawnSync } from 'node:child_process';

import { createTestContext, type TestContext } from '@cti/testing';

import { serviceScript } from './support/processes';

/** The one-shot step before a rollout (compose `<svc>-migrate`, Kubernetes Job): `server.js migrate`. */
let ctx: TestContext;
beforeAll(async () => {
  // not a copy of the test template: the first migration below starts from nothing
  ctx = await createTestContext({}, { emptyDatabase: true });
});
afterAll(() => ctx.close());

const migrate = (service: string, env: Record<string, string>) =>
  spawnSync(process.execPath, [serviceScript(service), 'migrate'], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });

it('migrates a service’s schema with nothing but DATABASE_URL, exits 0, and does nothing the second time', async () => {
  expect(await ctx.query("select schema_name from information_schema.schemata where schema_name = 'audit'")).toEqual([]);
  const first = migrate('audit', { DATABASE_URL: ctx.databaseUrl });
  expect([first.status, first.stdout.trim()]).toEqual([0, 'audit: schema migrated']);
  const tables = await ctx.query<{ table_name: string }>("select table_name from information_schema.tables where table_schema = 'audit'");
  expect(tables.map((t) => t.table_name)).toEqual(
    expect.arrayContaining(['outbox', 'processed_events', 'rate_limit_counters', 'kysely_migration']),
  );
  const applied = await ctx.query('select name from audit.kysely_migration');
  const again = migrate('audit', { DATABASE_URL: ctx.databaseUrl });
  expect(again.status).toBe(0);
  expect(await ctx.query('select name from audit.kysely_migration')).toEqual(applied);
});

it('stops with the configuration error when DATABASE_URL is missing', () => {
  const res = migrate('audit', {});
  expect([res.status, res.stderr.trim()]).toEqual([78, 'audit: migration failed: Configuration error: DATABASE_URL is required']);
});

it('has nothing to migrate for the gateway', () => {
  expect(migrate('gateway', {}).status).toBe(0);
});
