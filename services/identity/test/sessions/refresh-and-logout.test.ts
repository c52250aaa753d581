import { serviceUnderTest, signTestToken } from '@cti/testing';

import { identityService } from '../../src/app';
import { givenUser, login, outboxTypes } from '../helpers';

// no grace window here: a replay is a replay at once (the window has its own tests)
const identity = serviceUnderTest(identityService, { env: { LOGIN_FAILURES_PER_IP: '1000', REFRESH_REUSE_GRACE_SECONDS: '0' } });

beforeAll(async () => {
  await givenUser(identity.app, 'rotate@example.com');
});

const refresh = (token: string) => identity.app.inject({ method: 'POST', url: '/api/user/refresh', payload: { token } });

describe('POST /api/user/refresh', () => {
  it('rotates: answers a new session and spends the presented token', async () => {
    const first = (await login(identity.app, 'rotate@example.com')).json();
    const res = await refresh(first.RefreshToken);
    expect(res.statusCode).toBe(200);
    const second = res.json();
    expect(second.Username).toBe('rotate@example.com');
    expect(second.RefreshToken).not.toBe(first.RefreshToken);
    expect(second.Token).toEqual(expect.any(String));
    expect((await refresh(second.RefreshToken)).statusCode).toBe(200);
  });

  it('revokes the whole family when a spent token is presented again', async () => {
    const first = (await login(identity.app, 'rotate@example.com')).json();
    const second = (await refresh(first.RefreshToken)).json();
    const replay = await refresh(first.RefreshToken);
    expect(replay.statusCode).toBe(401);
    // the legitimate holder's newer token is revoked too
    expect((await refresh(second.RefreshToken)).statusCode).toBe(401);
  });

  it('leaves other sessions (families) of the same user alone', async () => {
    const a = (await login(identity.app, 'rotate@example.com')).json();
    const b = (await login(identity.app, 'rotate@example.com')).json();
    await refresh(a.RefreshToken);
    await refresh(a.RefreshToken); // replay revokes family a
    expect((await refresh(b.RefreshToken)).statusCode).toBe(200);
  });

  it('refuses an unknown token', async () => {
    expect((await refresh('made-up')).statusCode).toBe(401);
  });
});

describe('POST /api/user/logout/{userId}', () => {
  it('revokes the refresh tokens and records the logout', async () => {
    const session = (await login(identity.app, 'rotate@example.com')).json();
    const res = await identity.app.inject({
      method: 'POST',
      url: `/api/user/logout/${session.Id}`,
      headers: { authorization: `Bearer ${session.Token}` },
    });
    expect(res.statusCode).toBe(200);
    expect((await refresh(session.RefreshToken)).statusCode).toBe(401);
    expect(await outboxTypes(identity.app)).toContain('evt.identity.user.loggedOut');
  });

  it('refuses to log out someone else', async () => {
    const session = (await login(identity.app, 'rotate@example.com')).json();
    const stranger = signTestToken({ sub: '00000000-0000-0000-0000-000000000000' });
    const res = await identity.app.inject({
      method: 'POST',
      url: `/api/user/logout/${session.Id}`,
      headers: { authorization: `Bearer ${stranger}` },
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses without a token', async () => {
    const res = await identity.app.inject({ method: 'POST', url: '/api/user/logout/00000000-0000-0000-0000-000000000000' });
    expect(res.statusCode).toBe(401);
  });
});
