import Fastify, { type FastifyInstance } from 'fastify';

import { createTestContext, eventually, serviceCaller, serviceUnderTest, urlOf } from '@cti/testing';

import { identityService } from '../../src/app';
import { mailTransportFor, sendgridTransport } from '../../src/mail/transports';

/** A local stand-in for api.sendgrid.com that records what SendGrid's own SDK sends. */
let sendgrid: FastifyInstance;
let received: Array<{ auth: string | undefined; body: any }> = [];
let failNext = 0;

beforeAll(async () => {
  sendgrid = Fastify();
  sendgrid.post('/v3/mail/send', async (request, reply) => {
    if (failNext > 0) {
      failNext--;
      return reply.code(500).send({ errors: [{ message: 'temporarily unavailable' }] });
    }
    received.push({ auth: request.headers.authorization, body: request.body });
    return reply.code(202).send();
  });
  await sendgrid.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => sendgrid.close());
beforeEach(() => {
  received = [];
  failNext = 0;
});

const apiUrl = () => urlOf(sendgrid);

describe('SendGrid transport (real @sendgrid/mail SDK against a local endpoint)', () => {
  it('posts the v3 mail-send payload with the API key', async () => {
    const transport = sendgridTransport({ apiKey: 'SG.test-key', apiUrl: apiUrl(), from: 'Compliance Index <no-reply@example.com>' });
    await transport.deliver({
      to: ['a@example.com'],
      cc: ['c@example.com'],
      replyTo: 'r@example.com',
      subject: 'Hello',
      html: '<p>Hi</p>',
      text: 'Hi',
    });
    expect(received).toHaveLength(1);
    expect(received[0].auth).toBe('Bearer SG.test-key');
    expect(received[0].body).toMatchObject({
      from: { email: 'no-reply@example.com', name: 'Compliance Index' },
      subject: 'Hello',
      personalizations: [{ to: [{ email: 'a@example.com' }], cc: [{ email: 'c@example.com' }] }],
      reply_to: { email: 'r@example.com' },
      content: expect.arrayContaining([
        { type: 'text/html', value: '<p>Hi</p>' },
        { type: 'text/plain', value: 'Hi' },
      ]),
    });
  });

  it('rejects when SendGrid answers an error', async () => {
    failNext = 1;
    const transport = sendgridTransport({ apiKey: 'SG.test-key', apiUrl: apiUrl(), from: 'no-reply@example.com' });
    await expect(transport.deliver({ to: ['a@example.com'], cc: [], replyTo: null, subject: 'x', html: 'x', text: 'x' })).rejects.toThrow();
  });
});

describe('identity with MAIL_TRANSPORT=sendgrid', () => {
  const identity = serviceUnderTest(identityService, {
    env: () => ({ MAIL_TRANSPORT: 'sendgrid', SENDGRID_API_KEY: 'SG.service-key', SENDGRID_API_URL: apiUrl(), MAIL_POLL_MS: '200' }),
  });

  const send = (headers: Record<string, string>, to = 'reader@example.com') =>
    identity.app.inject({
      method: 'POST',
      url: '/internal/mail/send',
      headers,
      payload: { to: [to], subject: 'Annotations for Ireland', html: '<p>Attached</p>', kind: 'annotations' },
    });

  it('delivers mail other services post to /internal/mail/send, and records it', async () => {
    const res = await send(serviceCaller);
    expect(res.statusCode).toBe(200);
    const { id } = res.json();
    await eventually(() => received.find((r) => r.body.subject === 'Annotations for Ireland'));
    await eventually(
      async () => (await identity.ctx.query('select status from identity.mail_messages where id = $1', [id]))[0]?.status === 'sent',
    );
    const events = await identity.ctx.query(`select payload from identity.outbox where type = 'evt.identity.mail.sent'`);
    expect(events.map((e) => e.payload.data)).toContainEqual(
      expect.objectContaining({ mailId: id, kind: 'annotations', to: ['reader@example.com'] }),
    );
  });

  it('refuses /internal/mail/send without the service token', async () => {
    expect((await send({})).statusCode).toBe(403);
    expect((await send({ 'x-service-token': 'wrong-token-wrong-token' })).statusCode).toBe(403);
  });

  it('retries a mail SendGrid refused, until it is accepted', async () => {
    failNext = 1;
    const res = await send(serviceCaller, 'retry@example.com');
    const { id } = res.json();
    await eventually(
      async () => (await identity.ctx.query('select attempts, status from identity.mail_messages where id = $1', [id]))[0]?.attempts >= 1,
    );
    // the retry is scheduled 30 s later: bring it forward
    await eventually(
      async () => {
        await identity.ctx.query(`update identity.mail_messages set next_attempt_at = now() where id = $1 and status = 'queued'`, [id]);
        return (await identity.ctx.query('select status from identity.mail_messages where id = $1', [id]))[0]?.status === 'sent';
      },
      15_000,
      300,
    );
    const row = (await identity.ctx.query('select attempts, last_error from identity.mail_messages where id = $1', [id]))[0];
    expect(row.attempts).toBe(2);
    expect(received.filter((r) => r.body.personalizations[0].to[0].email === 'retry@example.com')).toHaveLength(1);
  });

  it('answers the contact form failure text when SendGrid refuses an interactive mail', async () => {
    failNext = 1;
    const res = await identity.app.inject({
      method: 'POST',
      url: '/api/mail/contact',
      payload: { firstname: 'Ann', lastname: 'Other', email: 'ann@example.com', group: 'Ireland', message: 'Hello', category: 'general' },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('An issue occurred and the message was not sent.');
  });
});

describe('production', () => {
  const settings = {
    MAIL_TRANSPORT: '' as const,
    SENDGRID_API_KEY: '',
    SENDGRID_API_URL: 'https://api.sendgrid.com',
    MAIL_FROM: 'no-reply@example.com',
  };

  it('sends through SendGrid, and refuses to without an API key', () => {
    expect(() => mailTransportFor({ ...settings, NODE_ENV: 'production' })).toThrow(/SENDGRID_API_KEY/);
    expect(mailTransportFor({ ...settings, NODE_ENV: 'production', SENDGRID_API_KEY: 'SG.x' }).name).toBe('sendgrid');
  });

  it('uses the dev mailbox in development and tests unless told otherwise', () => {
    expect(mailTransportFor({ ...settings, NODE_ENV: 'development' }).name).toBe('mailbox');
    expect(mailTransportFor({ ...settings, NODE_ENV: 'test' }).name).toBe('mailbox');
  });

  it('never serves the dev mailbox', async () => {
    const ctx = await createTestContext();
    const app = await ctx.start(identityService, { NODE_ENV: 'production', SENDGRID_API_KEY: 'SG.x', SENDGRID_API_URL: apiUrl() });
    const res = await app.inject({ method: 'GET', url: '/api/mail/dev/messages' });
    expect(res.statusCode).toBe(404);
    await ctx.close();
  });
});
