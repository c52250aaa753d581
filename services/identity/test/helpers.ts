import { RoleIds, type RoleName } from '@cti/access';
import type { MailboxMessage, SessionUser } from '@cti/contracts';
import { sql } from '@cti/db';
import { eventually } from '@cti/testing';

import type { IdentityApp } from '../src/db';
import { createGroup } from '../src/groups/create-group';
import { createUser } from '../src/users/create-user';

export const PASSWORD = 'correct horse battery';

/** Creates a user through the product's use-case. */
export async function givenUser(
  app: IdentityApp,
  email: string,
  opts: {
    roles?: RoleName[];
    disabled?: boolean;
    expiresOn?: string | null;
    password?: string | null;
    groupIds?: string[];
    isGroupManager?: boolean;
    organization?: string;
    mustAgree?: boolean;
  } = {},
) {
  const id = await app.inTransaction((trx) =>
    createUser(
      trx,
      {
        email,
        password: opts.password === undefined ? PASSWORD : opts.password,
        firstName: 'Test',
        lastName: email.split('@')[0]!,
        roleIds: (opts.roles ?? ['Standard']).map((r) => RoleIds[r]),
        groupIds: opts.groupIds ?? [],
        expiresOn: opts.expiresOn ?? null,
        isGroupManager: opts.isGroupManager ?? false,
        organizationName: opts.organization ?? 'Test Org',
        mustAgreeCtc: opts.mustAgree ?? false,
      },
      null,
      app.clock.now(),
    ),
  );
  if (opts.disabled) await app.db.updateTable('users').set({ disabled: true }).where('id', '=', id).execute();
  return id;
}

export async function givenGroup(
  app: IdentityApp,
  name: string,
  type: 'Country' | 'ACC Group' | 'AWG Member' = 'Country',
  countryId: string | null = null,
) {
  return app.inTransaction((trx) =>
    createGroup(trx, { name, type, countryId: type === 'Country' ? (countryId ?? name.slice(0, 2).toUpperCase()) : null }, null),
  );
}

export const login = (app: IdentityApp, Email: string, Password = PASSWORD, remoteAddress = '10.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/user/login', payload: { Email, Password }, remoteAddress });

/** Signs in and answers the session (fails the test if it cannot). */
export async function sessionOf(app: IdentityApp, email: string, password = PASSWORD): Promise<SessionUser> {
  const res = await login(app, email, password);
  if (res.statusCode !== 200) throw new Error(`login of ${email} answered ${res.statusCode}: ${res.body}`);
  return res.json();
}

export const bearer = (session: { Token: string }) => ({ authorization: `Bearer ${session.Token}` });

export async function outboxTypes(app: IdentityApp): Promise<string[]> {
  const rows = await sql<{ type: string }>`select type from outbox order by seq`.execute(app.db);
  return rows.rows.map((r) => r.type);
}

/** The events of one type in the outbox, oldest first. */
export async function outboxEvents<T = Record<string, unknown>>(
  app: IdentityApp,
  type: string,
): Promise<Array<{ data: T; actor: unknown }>> {
  const rows = await sql<{ payload: { data: T; actor: unknown } }>`select payload from outbox where type = ${type} order by seq`.execute(
    app.db,
  );
  return rows.rows.map((r) => r.payload);
}

/** The dev mailbox as the web reads it. */
export async function mailbox(app: IdentityApp, to?: string): Promise<MailboxMessage[]> {
  const res = await app.inject({ method: 'GET', url: `/api/mail/dev/messages${to ? `?to=${encodeURIComponent(to)}` : ''}` });
  if (res.statusCode !== 200) throw new Error(`mailbox answered ${res.statusCode}: ${res.body}`);
  return res.json();
}

/** Waits for a sent mail of this kind to this address and answers the newest. */
export async function mailTo(app: IdentityApp, to: string, kind: string, after = 0): Promise<MailboxMessage> {
  return eventually(async () => {
    const mails = (await mailbox(app, to)).filter((m) => m.Kind === kind && m.Status === 'sent');
    return mails.length > after ? mails[0] : undefined;
  });
}

/** The link of a mail whose path starts with the prefix, as a path with the parts after it. */
export function linkIn(mail: MailboxMessage, pathPrefix: string): { path: string; parts: string[] } {
  const link = mail.Links.map((l) => new URL(l.Href)).find((u) => u.pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`no ${pathPrefix} link in "${mail.Subject}": ${JSON.stringify(mail.Links)}`);
  return { path: link.pathname, parts: link.pathname.slice(pathPrefix.length).split('/').filter(Boolean).map(decodeURIComponent) };
}
