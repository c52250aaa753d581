export * from './database';
export * from './migrator';
export * from './clock-time';
export { sql } from 'kysely';
export type { Kysely, Transaction, Selectable, Insertable, Generated, ColumnType } from 'kysely';
export * from './query-shapes';
