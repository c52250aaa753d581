import { randomUUID } from 'node:crypto';

import type { DomainEvent } from '@cti/contracts';
import { sql } from '@cti/db';
import { projectCountryGroup, projectPeriod, type GroupFacts } from '@cti/events';
import { testSchema } from '@cti/testing';

interface ProjectionDB {
  countries: { groupId: string; name: string; countryCode: string | null };
  periods: { periodId: string; name: string; createdAt: string };
}

const schema = testSchema<ProjectionDB>('projections_test', {
  '20260101000000_projections': {
    async up(d) {
      await d.schema
        .createTable('countries')
        .addColumn('group_id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text')
        .addColumn('country_code', 'text')
        .execute();
      await d.schema
        .createTable('periods')
        .addColumn('period_id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text')
        .addColumn('created_at', 'timestamptz')
        .execute();
    },
  },
});
beforeEach(async () => {
  await sql`truncate countries, periods`.execute(schema.db);
});

const groupEvent = (type: 'evt.identity.group.created' | 'evt.identity.group.updated', data: GroupFacts) =>
  ({ id: randomUUID(), type, actor: null, occurredAt: new Date().toISOString(), data }) as unknown as DomainEvent;
const country = { table: 'countries', row: (g: GroupFacts) => ({ name: g.name, countryCode: g.countryId }) } as const;
const countries = () => schema.db.selectFrom('countries').selectAll().orderBy('groupId').execute();

describe('projectCountryGroup', () => {
  it('writes a Country group with the service’s columns and renames it in place; a replay changes nothing', async () => {
    const created = groupEvent('evt.identity.group.created', {
      groupId: 'g-1',
      name: 'Kenya',
      type: 'Country',
      countryId: 'KE',
      logoPath: null,
    });
    expect(await projectCountryGroup(schema.db, created, country)).toEqual({ change: 'upserted', groupId: 'g-1' });
    await projectCountryGroup(schema.db, created, country);
    await projectCountryGroup(
      schema.db,
      groupEvent('evt.identity.group.updated', {
        groupId: 'g-1',
        name: 'Republic of Kenya',
        type: 'Country',
        countryId: 'KE',
        logoPath: null,
      }),
      country,
    );
    expect(await countries()).toEqual([{ groupId: 'g-1', name: 'Republic of Kenya', countryCode: 'KE' }]);
  });

  it('never adds a group that is not a Country', async () => {
    const lessors = groupEvent('evt.identity.group.created', {
      groupId: 'g-2',
      name: 'Lessors',
      type: 'ACC Group',
      countryId: null,
      logoPath: null,
    });
    expect(await projectCountryGroup(schema.db, lessors, country)).toEqual({ change: 'none' });
    expect(await countries()).toEqual([]);
  });

  it('removes a group that stops being a Country, so every service stops treating it as one', async () => {
    await projectCountryGroup(
      schema.db,
      groupEvent('evt.identity.group.created', { groupId: 'g-3', name: 'Kenya', type: 'Country', countryId: 'KE', logoPath: null }),
      country,
    );
    const demoted = groupEvent('evt.identity.group.updated', {
      groupId: 'g-3',
      name: 'Kenya',
      type: 'ACC Group',
      countryId: null,
      logoPath: null,
    });
    expect(await projectCountryGroup(schema.db, demoted, country)).toEqual({ change: 'removed', groupId: 'g-3' });
    expect(await countries()).toEqual([]);
    // the replayed event finds nothing left to remove
    expect(await projectCountryGroup(schema.db, demoted, country)).toEqual({ change: 'none' });
  });

  it('ignores events that are not about groups', async () => {
    const login = {
      id: randomUUID(),
      type: 'evt.identity.user.loggedIn',
      actor: null,
      occurredAt: new Date().toISOString(),
      data: {},
    } as unknown as DomainEvent;
    expect(await projectCountryGroup(schema.db, login, country)).toEqual({ change: 'none' });
  });
});

describe('projectPeriod', () => {
  const opened = (name: string, createdAt: string) =>
    ({
      id: randomUUID(),
      type: 'evt.questionnaire.period.opened',
      actor: null,
      occurredAt: createdAt,
      data: { periodId: 'p-1', name, createdAt, closedQuestionnaireIds: [], openedQuestionnaireIds: [] },
    }) as unknown as DomainEvent;
  const period = {
    table: 'periods',
    row: (p: { name: string; createdAt: string }) => ({ name: p.name, createdAt: p.createdAt }),
    update: (p: { name: string }) => ({ name: p.name }),
  } as const;

  it('writes an opened period and, on a later announcement, changes only the columns the service updates', async () => {
    expect(await projectPeriod(schema.db, opened('March 2026', '2026-03-01T00:00:00.000Z'), period)).toBe(true);
    await projectPeriod(schema.db, opened('March 2026 (renamed)', '2026-04-01T00:00:00.000Z'), period);
    expect(await schema.db.selectFrom('periods').selectAll().execute()).toEqual([
      { periodId: 'p-1', name: 'March 2026 (renamed)', createdAt: '2026-03-01T00:00:00.000Z' },
    ]);
  });
});
