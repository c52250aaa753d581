import { AllRoles } from '@cti/access';
import { sql, type Kysely } from '@cti/db';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('roles')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .execute();
  await db
    .insertInto('roles')
    .values(AllRoles.map((r) => ({ id: r.Id, name: r.Name })))
    .execute();

  await db.schema
    .createTable('groups')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('ACC Group', 'AWG Member', 'Country')`))
    .addColumn('logo_path', 'text')
    .addColumn('country_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index groups_name_uq on groups (lower(name))`.execute(db);

  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('organization_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('organization_address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'text')
    .addColumn('disabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('expires_on', 'timestamptz')
    .addColumn('is_group_manager', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_hidden', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_acid', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_free', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('must_agree_ctc', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('agreed_ctc_at', 'timestamptz')
    .addColumn('calculator_group_id', 'uuid', (c) => c.references('groups.id').onDelete('set null'))
    .addColumn('creator_id', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // e-mail is the username: unique regardless of case
  await sql`create unique index users_email_uq on users (lower(email))`.execute(db);

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id'))
    .addColumn('expires_on', 'timestamptz')
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
    .execute();

  await db.schema
    .createTable('user_groups')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('group_id', 'uuid', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_groups_pk', ['user_id', 'group_id'])
    .execute();
  await db.schema.createIndex('user_groups_group_idx').on('user_groups').column('group_id').execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('family_id', 'uuid', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family_id').execute();
  await db.schema.createIndex('refresh_tokens_user_idx').on('refresh_tokens').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['refresh_tokens', 'user_groups', 'user_roles', 'users', 'groups', 'roles']) {
    await db.schema.dropTable(t).execute();
  }
}
