import { RoleIds } from '@cti/access';
import { createTestContext, serviceUnderTest } from '@cti/testing';

import { identityService } from '../src/app';

import { givenUser, linkIn, mailTo, outboxTypes } from './helpers';

const identity = serviceUnderTest(identityService, { env: { FREE_ACCESS_RATE_PER_IP: '1000', PUBLIC_URL: 'http://cti.test' } });

beforeAll(async () => {
  await givenUser(identity.app, 'member@example.com', { roles: ['AWGMember'] });
});

const ask = (email: string, body: object, remoteAddress = '10.2.0.1') =>
  identity.app.inject({
    method: 'POST',
    url: `/api/freeUser/access/${encodeURIComponent(email)}`,
    payload: { Email: email, ...body },
    remoteAddress,
  });
const confirm = (email: string, code: string) =>
  identity.app.inject({ method: 'POST', url: `/api/freeUser/access/${encodeURIComponent(email)}/${encodeURIComponent(code)}` });

describe('POST api/freeUser/access/{email}', () => {
  it('sends a confirmation e-mail to a new visitor and answers Confirm Email', async () => {
    const res = await ask('visitor@example.org', { Name: 'Val Visitor', Company: 'Visiting Co' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: 'Confirm Email' });
    const mail = await mailTo(identity.app, 'visitor@example.org', 'free-access-confirmation');
    const link = linkIn(mail, '/confirmEmail/');
    expect(link.parts[0]).toBe('visitor@example.org');
    expect(link.parts[1]).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(await outboxTypes(identity.app)).toContain('evt.identity.freeAccess.requested');
  });

  it('logs the free user in from the link, once', async () => {
    await ask('linked@example.org', { Name: 'Lin Ked', Company: 'Links Ltd' });
    const { parts } = linkIn(await mailTo(identity.app, 'linked@example.org', 'free-access-confirmation'), '/confirmEmail/');
    const res = await confirm(parts[0], parts[1]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      Username: 'linked@example.org',
      Name: 'Lin Ked',
      IsFree: true,
      Roles: [RoleIds.FreeAccess],
      MustAgreeCTC: false,
    });
    expect(res.json().Token).toEqual(expect.any(String));
    // single use
    expect((await confirm(parts[0], parts[1])).statusCode).toBe(400);
    const types = await outboxTypes(identity.app);
    expect(types).toContain('evt.identity.freeAccess.granted');
  });

  it('lets a confirmed free user straight in next time', async () => {
    await ask('back@example.org', { Name: 'Bea Back', Company: 'Returning' });
    const { parts } = linkIn(await mailTo(identity.app, 'back@example.org', 'free-access-confirmation'), '/confirmEmail/');
    await confirm(parts[0], parts[1]);
    const res = await ask('back@example.org', { Name: 'Bea Back', Company: 'Returning' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Username: 'back@example.org', IsFree: true });
  });

  it('resends the confirmation from the confirm screen with the e-mail only', async () => {
    await ask('resend@example.org', { Name: 'Re Send', Company: 'Again' });
    await mailTo(identity.app, 'resend@example.org', 'free-access-confirmation');
    const res = await ask('resend@example.org', {});
    expect(res.statusCode).toBe(202);
    const second = await mailTo(identity.app, 'resend@example.org', 'free-access-confirmation', 1);
    expect(second.Html).toContain('Re Send');
  });

  it('answers User already exists for a credentialed account', async () => {
    const res = await ask('Member@Example.com', { Name: 'Someone', Company: 'Else' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('User already exists');
  });

  it('answers Invalid Username when the e-mail is not an e-mail', async () => {
    const res = await ask('not-an-email', { Name: 'N', Company: 'C' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid Username');
  });

  it('needs name and company', async () => {
    const res = await ask('nameless@example.org', { Name: '', Company: 'C' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('You must complete all fields to gain access');
  });

  it('refuses a made-up code', async () => {
    await ask('guess@example.org', { Name: 'G', Company: 'C' });
    expect((await confirm('guess@example.org', 'made-up-code')).statusCode).toBe(400);
  });
});

describe('free sessions', () => {
  async function freeSession(email: string) {
    await ask(email, { Name: 'Fran Free', Company: 'Free Co' });
    const { parts } = linkIn(await mailTo(identity.app, email, 'free-access-confirmation'), '/confirmEmail/');
    return (await confirm(parts[0], parts[1])).json();
  }

  it('refreshes with api/freeUser/refresh and not with the credentialed call, which leaves the token unspent', async () => {
    const session = await freeSession('refresh@example.org');
    expect(
      (await identity.app.inject({ method: 'POST', url: '/api/user/refresh', payload: { token: session.RefreshToken } })).statusCode,
    ).toBe(401);
    const res = await identity.app.inject({ method: 'POST', url: '/api/freeUser/refresh', payload: { token: session.RefreshToken } });
    expect(res.statusCode).toBe(200);
    expect(res.json().IsFree).toBe(true);
  });

  it('logs out with api/freeUser/logout/{username}', async () => {
    const session = await freeSession('bye@example.org');
    const stranger = await identity.app.inject({
      method: 'POST',
      url: '/api/freeUser/logout/someone@example.org',
      headers: { authorization: `Bearer ${session.Token}` },
    });
    expect(stranger.statusCode).toBe(403);
    const res = await identity.app.inject({
      method: 'POST',
      url: '/api/freeUser/logout/bye@example.org',
      headers: { authorization: `Bearer ${session.Token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(
      (await identity.app.inject({ method: 'POST', url: '/api/freeUser/refresh', payload: { token: session.RefreshToken } })).statusCode,
    ).toBe(401);
  });

  it('cannot sign in with a password', async () => {
    await freeSession('nopass@example.org');
    const res = await identity.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { Email: 'nopass@example.org', Password: '' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('rate limits', () => {
  it('limits free-access requests per e-mail', async () => {
    const limited = await createTestContext();
    const other = await limited.start(identityService, { FREE_ACCESS_RATE_PER_IP: '1000', FREE_ACCESS_RATE_PER_ACCOUNT: '2' });
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) {
      codes.push(
        (
          await other.inject({
            method: 'POST',
            url: '/api/freeUser/access/x@example.org',
            payload: { Email: 'x@example.org', Name: 'X', Company: 'Y' },
            remoteAddress: `10.9.0.${i}`,
          })
        ).statusCode,
      );
    }
    expect(codes).toEqual([202, 202, 429]);
    await limited.close();
  });
});
