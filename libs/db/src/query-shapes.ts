import { sql, type AnyColumn, type InsertObject, type OnConflictBuilder, type OrderByExpression, type SelectQueryBuilder } from 'kysely';

import type { Executor } from './database';

/**
 * Claims due work for the caller's transaction, oldest first: at most `limit` rows, locked
 * `FOR UPDATE SKIP LOCKED`, so replicas running the same pass each take other rows instead of
 * waiting on, or repeating, one another's.
 */
export const claimOldestFirst = <DB, TB extends keyof DB, O>(
  due: SelectQueryBuilder<DB, TB, O>,
  oldestFirstBy: OrderByExpression<DB, TB, O>,
  limit: number,
): SelectQueryBuilder<DB, TB, O> => due.orderBy(oldestFirstBy).limit(limit).forUpdate().skipLocked();

/**
 * The row whose `name` is this one ignoring case and surrounding spaces: how names that are unique
 * on `lower(name)` (groups, products) are looked up, so "ireland " finds "Ireland". Postgres lowers
 * both sides, as the unique index does: JavaScript's lower case of `Ò` is not the database's under
 * every collation, and a name the look-up missed would fail on the index instead (a 500).
 */
export const nameMatches = (name: string) => sql<boolean>`lower(name) = lower(${name.trim()})`;

/**
 * Inserts a row unless one with the same `key` is there already (a redelivered event, a retried
 * webhook, a second click): recording something once, keyed by its unique column(s).
 */
export const insertOnce = <DB, TB extends keyof DB & string>(
  // an Executor, as callers hold it: TypeScript 6 (lint) reads DB off a Transaction passed as a
  // Kysely<DB> structurally, widens it to an index signature, and the rows returned become `{}`
  db: Executor<DB>,
  table: TB,
  row: InsertObject<DB, TB>,
  ...key: AnyColumn<DB, TB>[]
) =>
  db
    .insertInto(table)
    .values(row)
    .onConflict((oc) => oc.columns(key).doNothing());

/**
 * Writes a row, or when one with the same `key` is there, changes it by `update`: keeping a
 * projection or a per-key record up to date whichever of its writes comes first.
 */
export const upsert = <DB, TB extends keyof DB & string>(
  db: Executor<DB>, // as insertOnce's
  table: TB,
  row: InsertObject<DB, TB>,
  key: AnyColumn<DB, TB>[],
  update: Parameters<OnConflictBuilder<DB, TB>['doUpdateSet']>[0],
) =>
  db
    .insertInto(table)
    .values(row)
    .onConflict((oc) => oc.columns(key).doUpdateSet(update));
