import { RoleIds } from '@cti/access';
import { createTestContext, serviceUnderTest } from '@cti/testing';

import { identityService } from '../src/app';

import { givenUser, linkIn, mailTo, outboxTypes, PASSWORD } from './helpers';

const identity = serviceUnderTest(identityService, { env: { FREE_ACCESS_RATE_PER_IP: '1000', PUBLIC_URL: 'http://cti.test' } });

beforeAll(async () => {
  await givenUser(identity.app, 'member@example.com', { roles: ['AWGMember'] });
});

const ask = (email: string, body: object, remoteAddress = '10.2.0.1', cookies: Record<string, string> = {}) =>
  identity.app.inject({
    method: 'POST',
    url: `/api/freeUser/access/${encodeURIComponent(email)}`,
    payload: { Email: email, ...body },
    remoteAddress,
    cookies,
  });
const confirm = (email: string, code: string) =>
  identity.app.inject({ method: 'POST', url: `/api/freeUser/access/${encodeURIComponent(email)}/${encodeURIComponent(code)}` });

/** The device credential cookie an answer set (name, value and attributes). */
const deviceCookieSet = (res: { cookies: Array<{ name: string; value: string; [k: string]: unknown }> }) =>
  res.cookies.find((c) => c.name === 'cti_device');

/** A free user who confirmed their address from the link, with the browser's device credential. */
async function confirmedFreeUser(email: string) {
  await ask(email, { Name: 'Con Firmed', Company: 'Confirmed Co' });
  const { parts } = linkIn(await mailTo(identity.app, email, 'free-access-confirmation'), '/confirmEmail/');
  const res = await confirm(parts[0], parts[1]);
  expect(res.statusCode).toBe(200);
  return { session: res.json(), device: deviceCookieSet(res)! };
}

/** How many sessions (refresh-token families) a user was ever given. */
const sessionsOf = async (email: string) =>
  (
    await identity.app.db
      .selectFrom('refreshTokens')
      .innerJoin('users', 'users.id', 'refreshTokens.userId')
      .select((eb) => eb.fn.count<number>('refreshTokens.familyId').distinct().as('n'))
      .where('users.email', '=', email)
      .executeTakeFirstOrThrow()
  ).n;

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

  it('gives the browser that opened the link a device credential: httpOnly, signed, same-site, for 90 days', async () => {
    const { device } = await confirmedFreeUser('device@example.org');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/freeUser' });
    const days = (Date.parse(device.expires as string) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);
    // signed: the credential's id and secret, then the signature
    expect(device.value.split('.')).toHaveLength(3);
  });

  it('issues no tokens for the address of a confirmed free user alone: Confirm Email, and a one-time sign-in link by e-mail', async () => {
    await confirmedFreeUser('returning@example.org');
    const before = await sessionsOf('returning@example.org');
    const res = await ask('returning@example.org', { Name: 'Anyone', Company: 'Any Company' }, '10.2.0.77');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: 'Confirm Email' });
    expect(res.body).not.toMatch(/Token/);
    expect(await sessionsOf('returning@example.org')).toBe(before);
    // the name typed by whoever asked changes nothing on the account
    const stored = await identity.app.db
      .selectFrom('users')
      .select('name')
      .where('email', '=', 'returning@example.org')
      .executeTakeFirstOrThrow();
    expect(stored.name).toBe('Con Firmed');
    // the owner of the address gets a link that opens the Index once, in the browser it is opened in
    const mail = await mailTo(identity.app, 'returning@example.org', 'free-access-sign-in');
    expect(mail.Html).toContain('Sign in to the Compliance Index');
    const { parts } = linkIn(mail, '/confirmEmail/');
    const signedIn = await confirm(parts[0], parts[1]);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ Username: 'returning@example.org', IsFree: true });
    expect(deviceCookieSet(signedIn)).toBeDefined();
    expect((await confirm(parts[0], parts[1])).statusCode).toBe(400);
  });

  it('lets a confirmed free user straight in from a browser holding their device credential, and only theirs', async () => {
    const { device } = await confirmedFreeUser('back@example.org');
    const res = await ask('back@example.org', { Name: 'Bea Back', Company: 'Returning' }, '10.2.0.1', { cti_device: device.value });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Username: 'back@example.org', IsFree: true });
    // another address's credential, a tampered signature or a made-up value open nothing
    const other = await confirmedFreeUser('other-device@example.org');
    const [id, secret, signature] = device.value.split('.');
    for (const value of [other.device.value, `${id}.${secret}.${signature.slice(0, -2)}xx`, `${id}.${secret}`, 'garbage']) {
      const refused = await ask('back@example.org', {}, '10.2.0.1', { cti_device: value });
      expect(refused.statusCode).toBe(202);
    }
  });

  it('forgets the browser on its Logout, and every browser when the user chooses a password', async () => {
    const { session, device } = await confirmedFreeUser('forget@example.org');
    const logout = await identity.app.inject({
      method: 'POST',
      url: '/api/freeUser/logout/forget@example.org?forgetDevice=true',
      headers: { authorization: `Bearer ${session.Token}` },
      cookies: { cti_device: device.value },
    });
    expect(logout.statusCode).toBe(200);
    expect(deviceCookieSet(logout)?.value).toBe('');
    expect((await ask('forget@example.org', {}, '10.2.0.1', { cti_device: device.value })).statusCode).toBe(202);

    const buyer = await confirmedFreeUser('buyer@example.org');
    const chosen = await identity.app.inject({
      method: 'POST',
      url: '/api/freeUser/password',
      headers: { authorization: `Bearer ${buyer.session.Token}` },
      payload: { NewPassword: 'a-long-enough-password' },
    });
    expect(chosen.statusCode).toBe(200);
    // a credentialed session of the same account, which signs in with the password from now on
    expect(chosen.json()).toMatchObject({ Id: buyer.session.Id, Username: 'buyer@example.org', IsFree: false });
    expect((await ask('buyer@example.org', {}, '10.2.0.1', { cti_device: buyer.device.value })).json().message).toBe('User already exists');
    const login = await identity.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { Email: 'buyer@example.org', Password: 'a-long-enough-password' },
    });
    expect(login.statusCode).toBe(200);
    expect(
      (await identity.app.db.selectFrom('deviceCredentials').select('revokedAt').where('userId', '=', buyer.session.Id).execute()).every(
        (d) => d.revokedAt !== null,
      ),
    ).toBe(true);
  });

  it('refuses a too short password, and a password for a credentialed user', async () => {
    const { session } = await confirmedFreeUser('short@example.org');
    const short = await identity.app.inject({
      method: 'POST',
      url: '/api/freeUser/password',
      headers: { authorization: `Bearer ${session.Token}` },
      payload: { NewPassword: 'abc' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('PasswordTooShort');
    const member = await identity.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { Email: 'member@example.com', Password: PASSWORD },
    });
    expect(member.statusCode).toBe(200);
    const refused = await identity.app.inject({
      method: 'POST',
      url: '/api/freeUser/password',
      headers: { authorization: `Bearer ${member.json().Token}` },
      payload: { NewPassword: 'a-long-enough-password' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your account already has a password: sign in with it.');
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
