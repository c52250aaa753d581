import { createSigner } from 'fast-jwt';

import { TermsAnswers } from '@cti/contracts';
import { defineService } from '@cti/service-kit';
import { signTestToken, serviceUnderTest, TEST_AUDIENCE, TEST_ISSUER, testClaims, testKeyPair } from '@cti/testing';

/** A service with a route for any signed-in user, one for a role, the route that agrees to the terms, and an open one. */
const probeService = defineService({
  name: 'probe',
  defaultPort: 0,
  async plugin(app) {
    app.get('/api/probe/me', { preHandler: app.requireUser }, async (req) => ({ sub: req.principal?.sub }));
    app.get('/api/probe/viewer', { preHandler: app.requireRule({ match: 'or', roles: ['CountryViewer'] }) }, async () => ({ ok: true }));
    app.get('/api/probe/agree', { preHandler: app.requireUser, config: { allowUnagreed: true } }, async () => ({ agreed: true }));
    app.get('/api/probe/open', async () => ({ open: true }));
  },
});

const probe = serviceUnderTest(probeService);
const get = (url: string, token: string) => probe.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

describe('an access token without an expiry', () => {
  it('is refused like a forged one, though identity’s key signed it', async () => {
    const noExpiry = createSigner({ key: testKeyPair().privateKey, algorithm: 'EdDSA', iss: TEST_ISSUER, aud: TEST_AUDIENCE })(
      testClaims({ sub: 'u-forever', roles: [8] }),
    );
    expect(JSON.parse(Buffer.from(noExpiry.split('.')[1], 'base64url').toString())).not.toHaveProperty('exp');
    expect((await get('/api/probe/me', noExpiry)).statusCode).toBe(401);
    expect(probe.app.verifyIgnoringExpiry(noExpiry)).toBeNull();
    // the same claims with an expiry are served
    expect((await get('/api/probe/me', signTestToken({ sub: 'u-forever', roles: [8] }))).statusCode).toBe(200);
  });
});

describe('the terms gate on every service', () => {
  const unagreed = signTestToken({ sub: 'u-new', roles: [8], mustAgree: true });

  it('refuses a user who must still agree on every guarded route but the one that agrees', async () => {
    for (const url of ['/api/probe/me', '/api/probe/viewer']) {
      const res = await get(url, unagreed);
      expect([url, res.statusCode, res.json().message]).toEqual([url, 403, TermsAnswers.mustAgree]);
    }
    expect((await get('/api/probe/agree', unagreed)).json()).toEqual({ agreed: true });
    expect((await get('/api/probe/open', unagreed)).json()).toEqual({ open: true });
  });

  it('serves the same user once their token no longer carries the gate', async () => {
    const agreed = signTestToken({ sub: 'u-new', roles: [8] });
    expect((await get('/api/probe/me', agreed)).statusCode).toBe(200);
    expect((await get('/api/probe/viewer', agreed)).statusCode).toBe(200);
  });
});
