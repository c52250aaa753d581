export * from './database';
export * from './migrator';
export { sql } from 'kysely';
export type { Kysely, Transaction, Selectable, Insertable, Generated, ColumnType } from 'kysely';
