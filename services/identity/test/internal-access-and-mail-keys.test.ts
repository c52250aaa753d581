import Fastify, { type FastifyInstance } from 'fastify';

import { RoleIds } from '@cti/access';
import type { InternalUserAccess } from '@cti/contracts';
import { eventually, serviceCaller, serviceUnderTest, urlOf } from '@cti/testing';

import { identityService } from '../src/app';

import { givenGroup, givenUser, outboxEvents } from './helpers';

/** A SendGrid stand-in that refuses every mail to refused@example.com. */
let sendgrid: FastifyInstance;

beforeAll(async () => {
  sendgrid = Fastify();
  sendgrid.post('/v3/mail/send', async (request, reply) => {
    const body = request.body as { personalizations: Array<{ to: Array<{ email: string }> }> };
    if (body.personalizations[0]!.to[0]!.email === 'refused@example.com')
      return reply.code(400).send({ errors: [{ message: 'Does not contain a valid address.' }] });
    return reply.code(202).send();
  });
  await sendgrid.listen({ port: 0, host: '127.0.0.1' });
});
const identity = serviceUnderTest(identityService, {
  env: () => ({
    MAIL_TRANSPORT: 'sendgrid',
    SENDGRID_API_KEY: 'SG.key',
    SENDGRID_API_URL: urlOf(sendgrid),
    MAIL_POLL_MS: '200',
    MAIL_MAX_ATTEMPTS: '1',
  }),
});
// after the service closed: it may still be delivering to the stand-in until then
afterAll(() => sendgrid.close());

describe('POST /internal/users/access', () => {
  const access = async (ids: string[]) =>
    (
      await identity.app.inject({ method: 'POST', url: '/internal/users/access', headers: serviceCaller, payload: { ids } })
    ).json() as InternalUserAccess[];

  it('answers the roles and groups a user holds now, leaving out roles past their expiry', async () => {
    const ireland = await givenGroup(identity.app, 'Ireland', 'Country', 'IE');
    const id = await givenUser(identity.app, 'reader@example.com', {
      roles: ['Standard', 'CountryViewer'],
      groupIds: [ireland],
      password: null,
    });
    await identity.app.db
      .updateTable('userRoles')
      .set({ expiresOn: new Date(Date.now() - 60_000).toISOString() })
      .where('userId', '=', id)
      .where('roleId', '=', RoleIds.Standard)
      .execute();
    expect(await access([id, 'not-a-uuid'])).toEqual([
      {
        Id: id,
        Email: 'reader@example.com',
        Name: 'Test reader',
        Active: true,
        Roles: [RoleIds.CountryViewer],
        Groups: [ireland],
        IsAdmin: false,
        IsGroupManager: false,
        IsACID: false,
        Free: false,
      },
    ]);
  });

  it('marks disabled and expired accounts inactive, and refuses callers without the service token', async () => {
    const disabled = await givenUser(identity.app, 'disabled@example.com', { disabled: true, password: null });
    const expired = await givenUser(identity.app, 'expired@example.com', {
      expiresOn: new Date(Date.now() - 86_400_000).toISOString(),
      password: null,
    });
    const admin = await givenUser(identity.app, 'boss@example.com', { roles: ['Admin'], password: null });
    const answer = await access([disabled, expired, admin]);
    expect(Object.fromEntries(answer.map((u) => [u.Email, [u.Active, u.IsAdmin]]))).toEqual({
      'disabled@example.com': [false, false],
      'expired@example.com': [false, false],
      'boss@example.com': [true, true],
    });
    expect((await identity.app.inject({ method: 'POST', url: '/internal/users/access', payload: { ids: [admin] } })).statusCode).toBe(403);
  });
});

describe('POST /internal/mail/send with an idempotency key', () => {
  const send = (to: string, idempotencyKey?: string) =>
    identity.app.inject({
      method: 'POST',
      url: '/internal/mail/send',
      headers: serviceCaller,
      payload: {
        to: [to],
        subject: 'Ireland: score changed',
        html: '<p>x</p>',
        kind: 'alert',
        ...(idempotencyKey ? { idempotencyKey } : {}),
      },
    });

  it('queues one mail for one key however often it is sent, and a new one for another key', async () => {
    const first = (await send('keyed@example.com', 'delivery-1')).json() as { id: string };
    const again = (await send('keyed@example.com', 'delivery-1')).json() as { id: string };
    const other = (await send('keyed@example.com', 'delivery-2')).json() as { id: string };
    expect(again.id).toBe(first.id);
    expect(other.id).not.toBe(first.id);
    const rows = await identity.ctx.query(
      `select idempotency_key from identity.mail_messages where to_addresses @> '["keyed@example.com"]'`,
    );
    expect(rows.map((r) => r.idempotency_key).sort()).toEqual(['delivery-1', 'delivery-2']);
  });

  it('tells the sender, with its key, when a mail is finally not delivered', async () => {
    const { id } = (await send('refused@example.com', 'delivery-refused')).json() as { id: string };
    const failed = await eventually(
      async () =>
        (await outboxEvents<{ mailId: string }>(identity.app, 'evt.identity.mail.failed')).find((e) => e.data.mailId === id)?.data,
    );
    expect(failed).toMatchObject({
      mailId: id,
      kind: 'alert',
      to: ['refused@example.com'],
      idempotencyKey: 'delivery-refused',
      error: expect.stringContaining('Does not contain a valid address.'),
    });
  });
});
