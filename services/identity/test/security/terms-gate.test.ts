import { TermsAnswers, type SessionUser } from '@cti/contracts';
import { serviceUnderTest } from '@cti/testing';

import { identityService } from '../../src/app';
import { bearer, givenGroup, givenUser, sessionOf } from '../helpers';

const identity = serviceUnderTest(identityService, { env: { LOGIN_FAILURES_PER_IP: '1000' } });
const get = (url: string, s: { Token: string }) => identity.app.inject({ method: 'GET', url, headers: bearer(s) });
const claimsOf = (s: { Token: string }) =>
  JSON.parse(Buffer.from(s.Token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;

beforeAll(async () => {
  await givenGroup(identity.app, 'Ireland', 'Country', 'IE');
});

describe('the terms gate, on the server', () => {
  it('refuses an unagreed user’s token everywhere but where they agree; after agreeing, the refreshed token reads', async () => {
    await givenUser(identity.app, 'unagreed@example.com', { roles: ['Standard'], mustAgree: true });
    const session = await sessionOf(identity.app, 'unagreed@example.com');
    expect(session.MustAgreeCTC).toBe(true);
    expect(claimsOf(session).mustAgree).toBe(true);
    // guarded routes, and those that serve a signed-in user or the holder of a welcome link alike
    for (const url of ['/api/group/countries', '/api/user/apiKeys', `/api/user/${session.Id}`, `/api/user/sendReset/${session.Id}`]) {
      const res = await get(url, session);
      expect([url, res.statusCode, res.json().message]).toEqual([url, 403, TermsAnswers.mustAgree]);
    }
    expect((await get('/api/user/agree', session)).statusCode).toBe(200);
    // the token says what held when it was issued: the next one (a refresh) no longer carries the gate
    expect((await get('/api/group/countries', session)).statusCode).toBe(403);
    const refreshed = await identity.app.inject({ method: 'POST', url: '/api/user/refresh', payload: { token: session.RefreshToken } });
    const agreed = refreshed.json<SessionUser>();
    expect([agreed.MustAgreeCTC, claimsOf(agreed).mustAgree]).toEqual([false, undefined]);
    expect((await get('/api/group/countries', agreed)).statusCode).toBe(200);
    // and signing out stays open to the unagreed token
    expect(
      (await identity.app.inject({ method: 'POST', url: `/api/user/logout/${session.Id}`, headers: bearer(session) })).statusCode,
    ).toBe(200);
  });

  it('holds neither admins nor users limited to the carbon calculator (their account page)', async () => {
    await givenUser(identity.app, 'new-admin@example.com', { roles: ['Admin'], mustAgree: true });
    await givenUser(identity.app, 'calculator@example.com', { roles: ['ACCFullAccess'], mustAgree: true });
    for (const email of ['new-admin@example.com', 'calculator@example.com']) {
      const session = await sessionOf(identity.app, email);
      expect([email, claimsOf(session).mustAgree]).toEqual([email, undefined]);
      expect([email, (await get(`/api/user/${session.Id}`, session)).statusCode]).toEqual([email, 200]);
    }
  });
});
