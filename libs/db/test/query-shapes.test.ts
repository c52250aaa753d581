import { claimOldestFirst, insertOnce, nameMatches, sql, upsert, type Generated, type Kysely } from '@cti/db';
import { testSchema } from '@cti/testing';

interface ShapesDB {
  jobs: { id: string; dueAt: string };
  names: { id: Generated<number>; name: string; note: string };
}

const schema = testSchema<ShapesDB>('query_shapes_test', {
  '20260101000000_query_shapes': {
    async up(d) {
      await d.schema
        .createTable('jobs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('due_at', 'timestamptz')
        .execute();
      await d.schema
        .createTable('names')
        .addColumn('id', 'serial', (c) => c.primaryKey())
        .addColumn('name', 'text')
        .addColumn('note', 'text')
        .execute();
      await sql`create unique index names_name_uq on names (lower(name))`.execute(d);
    },
  },
});
beforeEach(async () => {
  await sql`truncate jobs, names`.execute(schema.db);
});

describe('claimOldestFirst', () => {
  it('hands two transactions running the same pass different rows, oldest first, without waiting on each other', async () => {
    await schema.db
      .insertInto('jobs')
      .values([
        { id: 'late', dueAt: '2026-01-03T00:00:00Z' },
        { id: 'first', dueAt: '2026-01-01T00:00:00Z' },
        { id: 'second', dueAt: '2026-01-02T00:00:00Z' },
      ])
      .execute();
    const due = (trx: Kysely<ShapesDB>) => claimOldestFirst(trx.selectFrom('jobs').select('id'), 'dueAt', 2).execute();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let firstClaim: string[] = [];
    const first = schema.db.transaction().execute(async (trx) => {
      firstClaim = (await due(trx)).map((r) => r.id);
      await held;
    });
    await new Promise<void>((resolve) => {
      const poll = () => (firstClaim.length ? resolve() : setTimeout(poll, 20));
      poll();
    });
    const secondClaim = await schema.db.transaction().execute(async (trx) => (await due(trx)).map((r) => r.id));
    release();
    await first;
    expect(firstClaim).toEqual(['first', 'second']);
    expect(secondClaim).toEqual(['late']);
  });
});

describe('insertOnce', () => {
  it('records a row once: a second insert with the same key changes nothing and returns no row', async () => {
    const inserted = await insertOnce(schema.db, 'jobs', { id: 'a', dueAt: '2026-01-01T00:00:00Z' }, 'id')
      .returning('id')
      .executeTakeFirst();
    const again = await insertOnce(schema.db, 'jobs', { id: 'a', dueAt: '2027-01-01T00:00:00Z' }, 'id').returning('id').executeTakeFirst();
    expect(inserted).toEqual({ id: 'a' });
    expect(again).toBeUndefined();
    const row = await schema.db.selectFrom('jobs').select('dueAt').where('id', '=', 'a').executeTakeFirstOrThrow();
    expect(new Date(row.dueAt).toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });
});

describe('upsert', () => {
  it('writes the row the first time and changes only the update columns of the row with its key after', async () => {
    const write = (note: string) => upsert(schema.db, 'names', { id: 7, name: 'Kenya', note }, ['id'], { note }).execute();
    await write('first');
    await write('second');
    expect(await schema.db.selectFrom('names').select(['id', 'name', 'note']).execute()).toEqual([
      { id: 7, name: 'Kenya', note: 'second' },
    ]);
  });
});

describe('nameMatches', () => {
  it('finds a name whatever its case and surrounding spaces, as the unique index on lower(name) compares names', async () => {
    await schema.db.insertInto('names').values({ name: 'Ireland', note: 'the one' }).execute();
    const find = (name: string) => schema.db.selectFrom('names').select('note').where(nameMatches(name)).executeTakeFirst();
    expect(await find('ireland')).toEqual({ note: 'the one' });
    expect(await find('  IRELAND ')).toEqual({ note: 'the one' });
    expect(await find('Irelands')).toBeUndefined();
  });
});
