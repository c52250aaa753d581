import { serviceCaller, serviceUnderTest } from '@cti/testing';

import { identityService } from '../../src/app';
import { mailbox, mailTo } from '../helpers';

const identity = serviceUnderTest(identityService, {
  env: { CONTACT_EMAIL: 'team@cti.example', CONTACT_RATE_PER_IP: '4', CONTACT_RATE_PER_ACCOUNT: '3' },
});

const message = {
  firstname: 'Ann',
  lastname: 'Other',
  email: 'ann@example.com',
  group: 'Ireland',
  message: 'Please look at <b>this</b> law.',
  category: 'compliance',
};
const contact = (payload: object, remoteAddress = '10.1.0.1') =>
  identity.app.inject({ method: 'POST', url: '/api/mail/contact', payload, remoteAddress });

describe('POST api/mail/contact', () => {
  it('sends the message to the configured address with the sender as reply-to', async () => {
    const res = await contact(message);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Thank you, We've received your message!");
    const mail = await mailTo(identity.app, 'team@cti.example', 'contact');
    expect(mail.Subject).toBe('Report Compliance Activity from Ann Other');
    expect(mail.Html).toContain('Please look at &lt;b&gt;this&lt;/b&gt; law.');
    expect(mail.Html).not.toContain('<b>this</b>');
    const row = (await identity.ctx.query('select reply_to from identity.mail_messages where id = $1', [mail.Id]))[0];
    expect(row.reply_to).toBe('ann@example.com');
  });

  it.each(['firstname', 'lastname', 'email', 'group', 'message'].map((f, i) => [f, i]))(
    'answers "Please fill out all forms." without %s',
    async (field, i) => {
      const res = await contact({ ...message, [field]: '  ' }, `10.1.1.${i}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please fill out all forms.');
    },
  );

  it('refuses a message over 500 characters', async () => {
    const res = await contact({ ...message, message: 'x'.repeat(501) }, '10.1.2.1');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Your message must be 500 characters or fewer.');
  });

  it('rate-limits per IP and per sender', async () => {
    const ip = '10.1.3.1';
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await contact({ ...message, email: `s${i}@example.com` }, ip)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 429]);
    const sender: number[] = [];
    for (let i = 0; i < 4; i++) sender.push((await contact({ ...message, email: 'same@example.com' }, `10.1.4.${i}`)).statusCode);
    expect(sender).toEqual([200, 200, 200, 429]);
  });
});

describe('dev mailbox (GET api/mail/dev/messages)', () => {
  it('lists mails newest first with their links, filtered by address', async () => {
    const res = await identity.app.inject({
      method: 'POST',
      url: '/internal/mail/send',
      headers: serviceCaller,
      payload: {
        to: ['reader@example.com'],
        subject: 'Links',
        html: '<p><a href="http://localhost:8080/index/1">Scorecard</a> <a href="mailto:x@y.z">mail</a></p>',
        kind: 'annotations',
      },
    });
    expect(res.statusCode).toBe(200);
    const mail = await mailTo(identity.app, 'reader@example.com', 'annotations');
    expect(mail.Links).toEqual([{ Href: 'http://localhost:8080/index/1', Text: 'Scorecard' }]);
    expect(mail.To).toEqual(['reader@example.com']);
    const all = await mailbox(identity.app);
    expect(all.length).toBeGreaterThan(1);
    expect(Date.parse(all[0].CreatedAt)).toBeGreaterThanOrEqual(Date.parse(all[all.length - 1].CreatedAt));
    expect((await mailbox(identity.app, 'nobody@example.com')).length).toBe(0);
  });

  it('answers only requests from this machine: a client on the network gets 404, even naming loopback in a header', async () => {
    const fromNetwork = await identity.app.inject({ method: 'GET', url: '/api/mail/dev/messages', remoteAddress: '192.168.1.20' });
    expect(fromNetwork.statusCode).toBe(404);
    // through the gateway, X-Forwarded-For carries the browser's address (the gateway replaces whatever the client sent)
    const forwarded = await identity.app.inject({
      method: 'GET',
      url: '/api/mail/dev/messages',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '192.168.1.20' },
    });
    expect(forwarded.statusCode).toBe(404);
    expect((await identity.app.inject({ method: 'GET', url: '/api/mail/dev/messages', remoteAddress: '::1' })).statusCode).toBe(200);
  });
});
