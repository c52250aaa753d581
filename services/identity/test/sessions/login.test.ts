import { createVerifier } from 'fast-jwt';

import { RoleIds } from '@cti/access';
import { publishedEvents, testKeyPair, serviceUnderTest } from '@cti/testing';

import { identityService } from '../../src/app';
import { givenGroup, givenUser, login, outboxTypes, PASSWORD } from '../helpers';

const identity = serviceUnderTest(identityService, { env: { LOGIN_FAILURES_PER_IP: '1000' } });

beforeAll(async () => {
  await givenUser(identity.app, 'valid@example.com', { roles: ['Admin', 'AWGMember'] });
  await givenUser(identity.app, 'disabled@example.com', { disabled: true });
  await givenUser(identity.app, 'expired@example.com', { expiresOn: '2020-01-01T00:00:00.000Z' });
});

describe('POST /api/user/login', () => {
  it('answers the session user with a verifiable access token and a refresh token', async () => {
    const res = await login(identity.app, 'Valid@Example.com');
    expect(res.statusCode).toBe(200);
    const user = res.json();
    expect(user).toMatchObject({
      Username: 'valid@example.com',
      FirstName: 'Test',
      LastName: 'valid',
      Name: 'Test valid',
      Roles: [RoleIds.Admin, RoleIds.AWGMember],
      IsGroupManager: false,
      IsAdmin: true,
      MustAgreeCTC: false,
    });
    expect(typeof user.Id).toBe('string');
    expect(user.RefreshToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const claims = createVerifier({ key: testKeyPair().publicKey, algorithms: ['EdDSA'] })(user.Token);
    expect(claims).toMatchObject({ sub: user.Id, aud: 'cti', iss: 'cti-identity', roles: [1, 2], isAdmin: true });
  });

  it('carries the roles held now (by id, an ended one left out) and every group (by name), in the session and its token', async () => {
    const zambia = await givenGroup(identity.app, 'Zambia');
    const accGroup = await givenGroup(identity.app, 'ACC Members', 'ACC Group');
    const id = await givenUser(identity.app, 'access@example.com', {
      roles: ['Standard', 'CountryViewer', 'AWGMember'],
      groupIds: [zambia, accGroup],
    });
    const setRoleEnd = (roleId: number, end: string) =>
      identity.ctx.query(`update identity.user_roles set expires_on = now() + $3::interval where user_id = $1 and role_id = $2`, [
        id,
        roleId,
        end,
      ]);
    await setRoleEnd(RoleIds.AWGMember, '-1 day');
    await setRoleEnd(RoleIds.CountryViewer, '5 minutes');
    const res = await login(identity.app, 'access@example.com');
    expect(res.statusCode).toBe(200);
    const user = res.json();
    const held = [RoleIds.Standard, RoleIds.CountryViewer].sort((a, b) => a - b);
    expect(user.Roles).toEqual(held);
    expect(user.Groups).toEqual([
      { Id: accGroup, Name: 'ACC Members', Type: 'ACC Group', CountryId: null },
      { Id: zambia, Name: 'Zambia', Type: 'Country', CountryId: 'ZA' },
    ]);
    const claims = createVerifier({ key: testKeyPair().publicKey, algorithms: ['EdDSA'] })(user.Token);
    expect(claims).toMatchObject({ roles: held, groups: [accGroup, zambia], groupNames: ['ACC Members', 'Zambia'] });
    // the token ends when the role that ends first does (five minutes), not after its full lifetime (fifteen)
    expect(claims.exp * 1000).toBeGreaterThan(Date.now() + 4 * 60_000);
    expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 5 * 60_000 + 2_000);
  });

  it('records every login as an event in the outbox', async () => {
    const before = (await outboxTypes(identity.app)).filter((t) => t === 'evt.identity.user.loggedIn').length;
    await login(identity.app, 'valid@example.com');
    const after = (await outboxTypes(identity.app)).filter((t) => t === 'evt.identity.user.loggedIn').length;
    expect(after).toBe(before + 1);
  });

  it('publishes the login naming the user by id only: no e-mail address on the bus', async () => {
    const { Id } = (await login(identity.app, 'valid@example.com')).json() as { Id: string };
    const published = await publishedEvents(identity.app, 'evt.identity.user.loggedIn');
    const mine = published.filter((e) => e.data.userId === Id);
    expect(mine.length).toBeGreaterThan(0);
    for (const event of mine) {
      expect(event.data).toEqual({ userId: Id, free: false });
      expect(JSON.stringify(event)).not.toContain('valid@example.com');
    }
  });

  it('answers Invalid Credentials for a wrong password', async () => {
    const res = await login(identity.app, 'valid@example.com', 'wrong password');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid Credentials');
  });

  it('answers an unknown e-mail exactly like a wrong password, in similar time', async () => {
    // CPU time of this process (argon2 runs on its thread pool), not wall time: what other
    // processes on a busy machine do cannot move it, while a skipped argon2 verification would.
    const time = async (email: string) => {
      const started = process.cpuUsage();
      const res = await login(identity.app, email, 'wrong password');
      const used = process.cpuUsage(started);
      return { res, ms: (used.user + used.system) / 1000 };
    };
    await time('nobody@example.com'); // warm the dummy hash
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      const k = await time('valid@example.com');
      const u = await time(`nobody${i}@example.com`);
      expect(u.res.statusCode).toBe(k.res.statusCode);
      expect(u.res.json().message).toBe(k.res.json().message);
      known.push(k.ms);
      unknown.push(u.ms);
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    // both run one argon2id verification; neither returns early
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
    expect(median(unknown)).toBeLessThan(median(known) * 2);
  });

  it('answers "You are currently disabled." for a disabled account with the right password', async () => {
    const res = await login(identity.app, 'disabled@example.com');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You are currently disabled.');
  });

  it('answers "This account has expired." for an expired account', async () => {
    const res = await login(identity.app, 'expired@example.com');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This account has expired.');
  });

  it('does not reveal that an account is disabled to someone without its password', async () => {
    const res = await login(identity.app, 'disabled@example.com', 'guess');
    expect(res.json().message).toBe('Invalid Credentials');
  });

  it('answers Invalid Username when the e-mail is not an e-mail', async () => {
    const res = await login(identity.app, 'not-an-email', PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid Username');
  });

  it('refuses a body without the spec payload names', async () => {
    const res = await identity.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'valid@example.com', password: PASSWORD },
    });
    expect(res.statusCode).toBe(400);
  });
});
