import { createSigner } from 'fast-jwt';

import { RoleIds } from '@cti/access';
import type { SessionUser } from '@cti/contracts';
import { defineService, type ServiceApp } from '@cti/service-kit';
import { eventually, signTestToken, testKeyPair, serviceUnderTest } from '@cti/testing';

import { identityService } from '../../src/app';
import { bearer, givenGroup, givenUser, login, outboxEvents, PASSWORD, sessionOf } from '../helpers';

const identity = serviceUnderTest(identityService, {
  env: {
    LOGIN_FAILURES_PER_IP: '1000',
    REFRESH_REUSE_GRACE_SECONDS: '30',
    PASSWORD_RATE_PER_IP: '1000',
  },
});
/** Two replicas of another service: each must see every revocation on its own. */
let replicas: ServiceApp[];
let admin: SessionUser;
let ireland: string;

/** A stand-in for any other service: one route for signed-in users, one for CountryViewers. */
const otherService = defineService({
  name: 'probe',
  defaultPort: 0,
  async plugin(probe) {
    probe.get('/api/probe/me', { preHandler: probe.requireUser }, async (request) => ({ roles: request.principal!.roles }));
    probe.get('/api/probe/viewer', { preHandler: probe.requireRule({ match: 'or', roles: ['CountryViewer'] }) }, async () => ({
      ok: true,
    }));
  },
});

beforeAll(async () => {
  replicas = [await identity.ctx.start(otherService), await identity.ctx.start(otherService)];
  ireland = await givenGroup(identity.app, 'Ireland', 'Country', 'IE');
  await givenUser(identity.app, 'admin@example.com', { roles: ['Admin'] });
  admin = await sessionOf(identity.app, 'admin@example.com');
});

const refresh = (token: string, free = false) =>
  identity.app.inject({ method: 'POST', url: free ? '/api/freeUser/refresh' : '/api/user/refresh', payload: { token } });
const logout = (s: SessionUser, as: SessionUser = s) =>
  identity.app.inject({ method: 'POST', url: `/api/user/logout/${s.Id}`, headers: bearer(as) });
const probe = (replica: ServiceApp, s: { Token: string }, path = '/api/probe/me') =>
  replica.inject({ method: 'GET', url: path, headers: bearer(s) });
const jwtSid = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sid: string }).sid;
const refusedAsExpired = async (s: { Token: string }, path?: string) => {
  for (const replica of replicas) {
    const res = await probe(replica, s, path);
    if (res.statusCode !== 401 || res.headers['token-expired'] !== 'true') return false;
  }
  return true;
};

describe('two tabs refreshing together (rotation grace window)', () => {
  it('gives the second tab the same new pair within the window; both go on refreshing', async () => {
    await givenUser(identity.app, 'two-tabs@example.com');
    const first = await sessionOf(identity.app, 'two-tabs@example.com');
    const [a, b] = await Promise.all([refresh(first.RefreshToken), refresh(first.RefreshToken)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().RefreshToken).toBe(b.json().RefreshToken);
    expect((await refresh(a.json().RefreshToken)).statusCode).toBe(200);
  });

  it('leads a tab that is two rotations behind to the current token', async () => {
    await givenUser(identity.app, 'late-tab@example.com');
    const first = await sessionOf(identity.app, 'late-tab@example.com');
    const second = (await refresh(first.RefreshToken)).json();
    const third = (await refresh(second.RefreshToken)).json();
    const late = await refresh(first.RefreshToken);
    expect(late.statusCode).toBe(200);
    expect(late.json().RefreshToken).toBe(third.RefreshToken);
  });

  it('revokes the family when a spent token comes back after the window', async () => {
    await givenUser(identity.app, 'replay@example.com');
    const first = await sessionOf(identity.app, 'replay@example.com');
    const second = (await refresh(first.RefreshToken)).json();
    await identity.ctx.query(`update identity.refresh_tokens set used_at = now() - interval '31 seconds' where used_at is not null`);
    expect((await refresh(first.RefreshToken)).statusCode).toBe(401);
    expect((await refresh(second.RefreshToken)).statusCode).toBe(401);
  });

  it('a replay after the window also voids the session’s access tokens on every service, not the user’s other sessions', async () => {
    await givenUser(identity.app, 'stolen-refresh@example.com');
    const stolen = await sessionOf(identity.app, 'stolen-refresh@example.com');
    const elsewhere = await sessionOf(identity.app, 'stolen-refresh@example.com');
    // the thief refreshes first; the owner's tab comes back with the spent token after the window
    const thief = (await refresh(stolen.RefreshToken)).json<SessionUser>();
    for (const replica of replicas) expect((await probe(replica, thief)).statusCode).toBe(200);
    await identity.ctx.query(
      `update identity.refresh_tokens set used_at = now() - interval '31 seconds' where used_at is not null and user_id = $1`,
      [stolen.Id],
    );
    expect((await refresh(stolen.RefreshToken)).statusCode).toBe(401);
    // both holders' access tokens of that session die within seconds, like a logout's
    await eventually(async () => (await refusedAsExpired(thief)) && (await refusedAsExpired(stolen)));
    const revoked = await outboxEvents<{ userId: string; sessionId?: string; reason: string }>(
      identity.app,
      'evt.identity.user.tokensRevoked',
    );
    expect(revoked.at(-1)!.data).toMatchObject({ userId: stolen.Id, sessionId: jwtSid(stolen.Token), reason: 'refresh token reused' });
    for (const replica of replicas) expect((await probe(replica, elsewhere)).statusCode).toBe(200);
  });
});

describe('a refresh token presented to the wrong endpoint', () => {
  it('is refused and stays good at its own endpoint', async () => {
    await givenUser(identity.app, 'credentialed@example.com');
    const session = await sessionOf(identity.app, 'credentialed@example.com');
    expect((await refresh(session.RefreshToken, true)).statusCode).toBe(401);
    const own = await refresh(session.RefreshToken);
    expect(own.statusCode).toBe(200);
    // and the token it answered is not a reuse of a spent one
    expect((await refresh(own.json().RefreshToken)).statusCode).toBe(200);
  });
});

describe('logout', () => {
  it('ends this session only: the user’s other devices stay signed in', async () => {
    await givenUser(identity.app, 'two-devices@example.com');
    const laptop = await sessionOf(identity.app, 'two-devices@example.com');
    const phone = await sessionOf(identity.app, 'two-devices@example.com');
    for (const replica of replicas) expect((await probe(replica, laptop)).statusCode).toBe(200);
    expect((await logout(laptop)).statusCode).toBe(200);
    expect((await refresh(laptop.RefreshToken)).statusCode).toBe(401);
    // the laptop's access token dies with its session on every service, within seconds
    await eventually(() => refusedAsExpired(laptop));
    for (const replica of replicas) expect((await probe(replica, phone)).statusCode).toBe(200);
    expect((await refresh(phone.RefreshToken)).statusCode).toBe(200);
  });

  it('by an admin ends every session of the user and voids their access tokens on every service', async () => {
    await givenUser(identity.app, 'signed-out@example.com');
    const laptop = await sessionOf(identity.app, 'signed-out@example.com');
    const phone = await sessionOf(identity.app, 'signed-out@example.com');
    expect((await probe(replicas[0], phone)).statusCode).toBe(200);
    expect((await logout(laptop, admin)).statusCode).toBe(200);
    expect((await refresh(laptop.RefreshToken)).statusCode).toBe(401);
    expect((await refresh(phone.RefreshToken)).statusCode).toBe(401);
    await eventually(() => refusedAsExpired(phone));
    const events = await outboxEvents(identity.app, 'evt.identity.user.loggedOut');
    // the user by id only: the audit log finds the address itself
    expect(events.at(-1)!.data).toEqual({ userId: laptop.Id, free: false, allSessions: true });
  });

  it('accepts a token expired a moment ago, not one expired for more than a few minutes', async () => {
    const id = await givenUser(identity.app, 'stale@example.com');
    const sign = (expiredSecondsAgo: number) => {
      const now = Math.floor(Date.now() / 1000);
      return createSigner({ key: testKeyPair().privateKey, algorithm: 'EdDSA', iss: 'cti-identity', aud: 'cti' })({
        ...JSON.parse(Buffer.from(signTestToken({ sub: id, email: 'stale@example.com' }).split('.')[1], 'base64url').toString()),
        iat: now - expiredSecondsAgo - 900,
        exp: now - expiredSecondsAgo,
      });
    };
    const logoutWith = (token: string) =>
      identity.app.inject({ method: 'POST', url: `/api/user/logout/${id}`, headers: { authorization: `Bearer ${token}` } });
    expect((await logoutWith(sign(30))).statusCode).toBe(200);
    expect((await logoutWith(sign(6 * 60))).statusCode).toBe(401);
    // the questionnaire's unlock beacon goes through the same check
    expect(identity.app.verifyIgnoringExpiry(sign(6 * 60))).toBeNull();
    expect(identity.app.verifyIgnoringExpiry(sign(30))?.sub).toBe(id);
  });
});

describe('changing one’s password (My account)', () => {
  const change = (s: SessionUser, extra: object) =>
    identity.app.inject({
      method: 'POST',
      url: '/api/user/account',
      headers: bearer(s),
      payload: { user: { Id: s.Id, FirstName: 'Pat', LastName: 'Word' }, newPassword: 'the-new-password', ...extra },
    });

  it('needs the current password', async () => {
    await givenUser(identity.app, 'needs-current@example.com');
    const session = await sessionOf(identity.app, 'needs-current@example.com');
    const missing = await change(session, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please enter your current password to choose a new one.');
    const wrong = await change(session, { currentPassword: 'not-it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Your current password is not correct.');
    expect((await login(identity.app, 'needs-current@example.com')).statusCode).toBe(200);
  });

  it('ends every other session; this one refreshes and goes on', async () => {
    await givenUser(identity.app, 'changer@example.com');
    const here = await sessionOf(identity.app, 'changer@example.com');
    const elsewhere = await sessionOf(identity.app, 'changer@example.com');
    expect((await change(here, { currentPassword: PASSWORD })).statusCode).toBe(200);
    expect((await refresh(elsewhere.RefreshToken)).statusCode).toBe(401);
    await eventually(() => refusedAsExpired(elsewhere));
    const renewed = await refresh(here.RefreshToken);
    expect(renewed.statusCode).toBe(200);
    expect((await probe(replicas[1], renewed.json())).statusCode).toBe(200);
  });
});

describe('revocation bites within seconds on every service', () => {
  const edit = (userId: string, extra: object) =>
    identity.app.inject({
      method: 'POST',
      url: '/api/user/update',
      headers: bearer(admin),
      payload: { Id: userId, FirstName: 'Rev', LastName: 'Oked', ...extra },
    });

  it('disabling a user refuses their token on every replica, and they cannot refresh', async () => {
    const id = await givenUser(identity.app, 'soon-disabled@example.com', { roles: ['CountryViewer'], groupIds: [ireland] });
    const session = await sessionOf(identity.app, 'soon-disabled@example.com');
    for (const replica of replicas) expect((await probe(replica, session)).statusCode).toBe(200);
    const res = await edit(id, { Email: 'soon-disabled@example.com', Roles: [RoleIds.CountryViewer], Groups: [ireland], Disabled: true });
    expect(res.statusCode).toBe(200);
    await eventually(() => refusedAsExpired(session));
    // its sessions ended with it
    expect((await refresh(session.RefreshToken)).statusCode).toBe(401);
  });

  it('removing a role: the old token is refused, the refreshed one no longer carries it', async () => {
    const id = await givenUser(identity.app, 'loses-role@example.com', { roles: ['CountryViewer', 'Standard'], groupIds: [ireland] });
    const session = await sessionOf(identity.app, 'loses-role@example.com');
    expect((await probe(replicas[0], session, '/api/probe/viewer')).statusCode).toBe(200);
    const res = await edit(id, { Email: 'loses-role@example.com', Roles: [RoleIds.Standard], Groups: [ireland] });
    expect(res.statusCode).toBe(200);
    await eventually(() => refusedAsExpired(session, '/api/probe/viewer'));
    const renewed = (await refresh(session.RefreshToken)).json();
    expect(renewed.Roles).toEqual([RoleIds.Standard]);
    expect((await probe(replicas[1], renewed, '/api/probe/viewer')).statusCode).toBe(403);
  });

  it('a role that expires ends the token with it (no revocation needed)', async () => {
    const id = await givenUser(identity.app, 'expiring@example.com', { roles: ['CountryViewer', 'Standard'] });
    await identity.ctx.query(
      `update identity.user_roles set expires_on = now() + interval '3 seconds' where user_id = $1 and role_id = $2`,
      [id, RoleIds.CountryViewer],
    );
    const session = await sessionOf(identity.app, 'expiring@example.com');
    const payload = JSON.parse(Buffer.from(session.Token.split('.')[1], 'base64url').toString()) as { exp: number };
    expect(payload.exp * 1000).toBeLessThanOrEqual(Date.now() + 5_000);
    await eventually(async () => (await probe(replicas[0], session)).headers['token-expired'] === 'true', 15_000);
    const renewed = (await refresh(session.RefreshToken)).json();
    expect(renewed.Roles).toEqual([RoleIds.Standard]);
  });

  it('a revocation does not catch tokens issued after it', async () => {
    const session = await sessionOf(identity.app, 'changer@example.com', 'the-new-password');
    for (const replica of replicas) expect((await probe(replica, session)).statusCode).toBe(200);
  });
});
