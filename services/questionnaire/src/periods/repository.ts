import { nameMatches, sql } from '@cti/db';

import type { QuestionnaireExecutor } from '../db';

/** Every period, the latest (current) first. */
export const allPeriods = (db: QuestionnaireExecutor) => db.selectFrom('periods').selectAll().orderBy('seq', 'desc').execute();

/** A period by its exact name. */
export const findPeriodByName = (db: QuestionnaireExecutor, name: string) =>
  db.selectFrom('periods').selectAll().where('name', '=', name).executeTakeFirst();

/** Whether a period of this name exists, whatever its case. */
export async function periodNameTaken(db: QuestionnaireExecutor, name: string): Promise<boolean> {
  const row = await db.selectFrom('periods').select('id').where(nameMatches(name)).executeTakeFirst();
  return !!row;
}

/** One period opening at a time, whichever replica takes it (held until the transaction ends). */
export async function lockPeriodOpening(trx: QuestionnaireExecutor): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('questionnaire.open-period'))`.execute(trx);
}

export const insertPeriod = (trx: QuestionnaireExecutor, name: string, createdAt: string) =>
  trx.insertInto('periods').values({ name, createdAt }).returning(['id', 'createdAt']).executeTakeFirstOrThrow();
