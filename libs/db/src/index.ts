export * from './database';
export * from './migrator';
export { sql } from 'kysely';
export type { Kysely, Transaction, Migration, Selectable, Insertable, Updateable, Generated, ColumnType } from 'kysely';
