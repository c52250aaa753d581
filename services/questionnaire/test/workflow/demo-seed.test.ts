import { sql } from '@cti/db';
import { DEMO_COUNTRIES } from '@cti/demo-data';
import { identityService } from '@cti/identity';
import type { ServiceApp } from '@cti/service-kit';
import { testContextForTests } from '@cti/testing';

import { questionnaireService } from '../../src/app';
import { seedDemoData } from '../../src/seed/seed-demo-data';

const context = testContextForTests();
let app: ServiceApp;
beforeAll(async () => {
  // both seed on start, as `make start` does; the questionnaire's seed waits for identity's events
  await Promise.all([
    context.ctx.start(identityService, { DEMO_DATA: 'true' }),
    context.ctx.start(questionnaireService, { DEMO_DATA: 'true' }).then((a) => (app = a)),
  ]);
}, 180_000);

const count = async (query: ReturnType<typeof sql<{ n: number }>>) => (await query.execute(app.db)).rows[0].n;

it('opens four periods for every country, with Ireland answered, approved and finalized through the earlier ones', async () => {
  const periods = (
    await sql<{ name: string; createdAt: string }>`select name, created_at as "createdAt" from periods order by seq`.execute(app.db)
  ).rows;
  expect(periods.map((p) => p.name)).toEqual(['March 2025', 'September 2025', 'March 2026', 'September 2026']);
  expect(await count(sql`select count(*)::int as n from questionnaires where status = 'Open'`)).toBe(DEMO_COUNTRIES.length);
  expect(await count(sql`select count(*)::int as n from questionnaires`)).toBe(DEMO_COUNTRIES.length * 4);
  const ireland = (
    await sql<{ period: string; status: string; revision: number; approvals: number }>`
      select p.name as period, q.status, q.answers_revision as revision,
        (select count(distinct organization_name)::int from approvals a where a.questionnaire_id = q.id and a.answers_revision = q.answers_revision) as approvals
      from questionnaires q join periods p on p.id = q.period_id join countries c on c.group_id = q.group_id
      where c.name = 'Ireland' order by p.seq`.execute(app.db)
  ).rows;
  expect(ireland.map((r) => [r.period, r.status, r.approvals])).toEqual([
    ['March 2025', 'Closed', 2],
    ['September 2025', 'Closed', 2],
    ['March 2026', 'Closed', 2],
    ['September 2026', 'Open', 0],
  ]);
  expect(ireland.every((r) => r.revision > 0)).toBe(true);
  // the current period started from March 2026 and changed a few answers since
  const changed = await count(sql`
    select count(*)::int as n from answers a join questionnaires q on q.id = a.questionnaire_id join periods p on p.id = q.period_id
    where p.name = 'September 2026' and a.value is distinct from a.baseline`);
  expect(changed).toBe(4);
});

it('changes nothing when run again', async () => {
  const before = await count(sql`select count(*)::int as n from outbox`);
  await seedDemoData(app, { waitSeconds: 5, lockTtlSeconds: 90 });
  expect(await count(sql`select count(*)::int as n from outbox`)).toBe(before);
});
