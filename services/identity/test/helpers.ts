import { sql } from '@cti/db';
import { RoleIds, type RoleName } from '@cti/access';
import type { ServiceApp } from '@cti/service-kit';
import { createUser } from '../src/users/create-user';
import { identityDb } from '../src/db';

export const PASSWORD = 'correct horse battery';

/** Creates a user through the product's use-case. */
export async function givenUser(
  app: ServiceApp,
  email: string,
  opts: { roles?: RoleName[]; disabled?: boolean; expiresOn?: string | null; password?: string } = {},
) {
  const id = await app.inTransaction((trx) =>
    createUser(
      trx,
      {
        email,
        password: opts.password ?? PASSWORD,
        firstName: 'Test',
        lastName: email.split('@')[0]!,
        roleIds: (opts.roles ?? ['Standard']).map((r) => RoleIds[r]),
        groupIds: [],
        expiresOn: opts.expiresOn ?? null,
      },
      null,
    ),
  );
  if (opts.disabled) await identityDb(app).updateTable('users').set({ disabled: true }).where('id', '=', id).execute();
  return id;
}

export const login = (app: ServiceApp, Email: string, Password = PASSWORD, remoteAddress = '10.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/user/login', payload: { Email, Password }, remoteAddress });

export async function outboxTypes(app: ServiceApp): Promise<string[]> {
  const rows = await sql<{ type: string }>`select type from outbox order by seq`.execute(app.db);
  return rows.rows.map((r) => r.type);
}
