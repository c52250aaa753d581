import type { DomainEvent, EventData } from '@cti/contracts';
import type { Executor } from '@cti/db';

/** A group as identity announces it (created and updated carry the same shape). */
export type GroupFacts = EventData<'evt.identity.group.created'>;
/** A period as the questionnaire service announces its opening. */
export type PeriodFacts = EventData<'evt.questionnaire.period.opened'>;

/**
 * What a projection of countries, periods and questionnaires listens to: identity's groups and
 * the questionnaire service's periods and questionnaires, in this order in one durable consumer.
 */
export const COUNTRY_PERIOD_QUESTIONNAIRE_EVENTS = [
  'evt.identity.group.created',
  'evt.identity.group.updated',
  'evt.questionnaire.period.opened',
  'evt.questionnaire.questionnaire.created',
  'evt.questionnaire.questionnaire.opened',
  'evt.questionnaire.questionnaire.closed',
] as const;

/**
 * Where a service keeps its projection and which of its columns it fills. `row` is the row
 * first written; `update` what a later event changes (default: `row` without its key).
 * Values may be SQL expressions (`sql\`now()\``).
 */
export interface ProjectionColumns<Facts, DB> {
  table: keyof DB & string;
  row: (facts: Facts, event: DomainEvent) => Record<string, unknown>;
  update?: (facts: Facts, event: DomainEvent) => Record<string, unknown>;
}

/** What a country projection did with an event, so a service can rebuild what depends on it. */
export type CountryProjectionResult = { change: 'upserted' | 'removed'; groupId: string } | { change: 'none' };

// The table is named by the service at run time, so Kysely cannot check its columns here;
// each service's `row`/`update` functions are written against its own table.
type ProjectionTables = Record<string, Record<string, unknown>>;
const tablesOf = <DB>(trx: Executor<DB>) => trx as unknown as Executor<ProjectionTables>;

const withoutKey = (row: Record<string, unknown>, key: string) => Object.fromEntries(Object.entries(row).filter(([k]) => k !== key));

async function upsert<DB>(trx: Executor<DB>, table: string, key: string, row: Record<string, unknown>, update: Record<string, unknown>) {
  await tablesOf(trx)
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- TypeScript 7 (the build) needs it; lint's TypeScript 6 does not
    .insertInto(table as string)
    .values(row)
    .onConflict((oc) => oc.column(key).doUpdateSet(update))
    .execute();
}

/**
 * Keeps a service's projection of identity's Country groups, keyed by `groupId`. One rule for
 * every service: a Country group is written (and renamed in place later); a group that is
 * not a Country, or stops being one, is not a country anywhere: its row is removed. Upserts,
 * so a replayed event changes nothing.
 */
export async function projectCountryGroup<DB>(
  trx: Executor<DB>,
  event: DomainEvent,
  columns: ProjectionColumns<GroupFacts, DB>,
): Promise<CountryProjectionResult> {
  if (event.type !== 'evt.identity.group.created' && event.type !== 'evt.identity.group.updated') return { change: 'none' };
  const group = event.data;
  if (group.type !== 'Country') {
    const removed = await tablesOf(trx)
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- TypeScript 7 (the build) needs it; lint's TypeScript 6 does not
      .deleteFrom(columns.table as string)
      .where('groupId', '=', group.groupId)
      .executeTakeFirst();
    return Number(removed.numDeletedRows) > 0 ? { change: 'removed', groupId: group.groupId } : { change: 'none' };
  }
  const row = { ...columns.row(group, event), groupId: group.groupId };
  await upsert(trx, columns.table, 'groupId', row, columns.update?.(group, event) ?? withoutKey(row, 'groupId'));
  return { change: 'upserted', groupId: group.groupId };
}

/**
 * Keeps a service's projection of the questionnaire periods, keyed by `periodId`: written
 * when a period opens, renamed in place by a replay or a later announcement.
 */
export async function projectPeriod<DB>(
  trx: Executor<DB>,
  event: DomainEvent,
  columns: ProjectionColumns<PeriodFacts, DB>,
): Promise<boolean> {
  if (event.type !== 'evt.questionnaire.period.opened') return false;
  const period = event.data;
  const row = { ...columns.row(period, event), periodId: period.periodId };
  await upsert(trx, columns.table, 'periodId', row, columns.update?.(period, event) ?? withoutKey(row, 'periodId'));
  return true;
}
