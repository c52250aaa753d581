import { sql, upsert } from '@cti/db';

import type { AuditExecutor, ScoreFactsTable } from '../db';

/** The addresses kept for these users. */
export const keptAddresses = (trx: AuditExecutor, userIds: readonly string[]) =>
  trx
    .selectFrom('userEmails')
    .select(['userId', 'email'])
    .where('userId', 'in', [...userIds])
    .execute();

/** Keeps a user's address, replacing the one kept before. */
export const keepAddress = async (trx: AuditExecutor, userId: string, email: string) => {
  await upsert(trx, 'userEmails', { userId, email }, ['userId'], { email }).execute();
};

/** Adds filter suggestions, in the order given; a value already kept is left as it is. */
export const addFilterValues = async (trx: AuditExecutor, values: readonly { key: string; value: string }[]) => {
  await trx
    .insertInto('auditFilterValues')
    .values([...values])
    .onConflict((oc) => oc.doNothing())
    .execute();
};

/** Keeps a questionnaire's score, replacing the one kept before. */
export const keepScoreFact = async (trx: AuditExecutor, questionnaireId: string, facts: Omit<ScoreFactsTable, 'questionnaireId'>) => {
  await upsert(trx, 'scoreFacts', { questionnaireId, ...facts }, ['questionnaireId'], facts).execute();
};

/** Keeps a period's name and year, replacing the ones kept before. */
export const keepPeriod = async (trx: AuditExecutor, period: { periodId: string; name: string; year: number | null }) => {
  await upsert(trx, 'periods', period, ['periodId'], {
    name: period.name,
    year: sql`excluded.year`,
  }).execute();
};
