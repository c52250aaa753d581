import pg from 'pg';

/**
 * Creates the application database and, per service, a login role owning a schema
 * of the same name. Roles get nothing on each other's schemas.
 */
export async function provisionDatabase(
  superuserUrl: string,
  database: string,
  services: string[],
  passwordOf: (s: string) => string,
): Promise<void> {
  const admin = new pg.Client({ connectionString: superuserUrl });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [database]);
    if (!exists.rowCount) await admin.query(`create database ${pg.escapeIdentifier(database)}`);
  } finally {
    await admin.end();
  }
  const url = new URL(superuserUrl);
  url.pathname = `/${database}`;
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  try {
    await db.query('revoke create on schema public from public');
    for (const service of services) {
      const role = pg.escapeIdentifier(service);
      const password = pg.escapeLiteral(passwordOf(service));
      const found = await db.query('select 1 from pg_roles where rolname = $1', [service]);
      await db.query(
        found.rowCount ? `alter role ${role} with login password ${password}` : `create role ${role} with login password ${password}`,
      );
      await db.query(`grant connect on database ${pg.escapeIdentifier(database)} to ${role}`);
      await db.query(`create schema if not exists ${role} authorization ${role}`);
    }
  } finally {
    await db.end();
  }
}

/** The URL a service connects with: its own role on the application database. */
export function serviceDatabaseUrl(superuserUrl: string, database: string, role: string, password: string): string {
  const url = new URL(superuserUrl);
  url.pathname = `/${database}`;
  url.username = encodeURIComponent(role);
  url.password = encodeURIComponent(password);
  return url.toString();
}
