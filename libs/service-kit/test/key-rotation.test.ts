import { generateKeyPairSync } from 'node:crypto';

import { createSigner } from 'fast-jwt';

import { claimsOf, defineService, type ServiceApp } from '@cti/service-kit';
import { signTestToken, testContextForTests, testKeyPair } from '@cti/testing';

const whoami = defineService({
  name: 'whoami',
  defaultPort: 0,
  async plugin(app) {
    app.get('/whoami', { preHandler: app.requireUser }, async (request) => ({ sub: claimsOf(request).sub }));
  },
});

const newPair = generateKeyPairSync('ed25519', {
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const signWithNewKey = (sub: string, expiresIn = 60_000) =>
  createSigner({ key: newPair.privateKey, algorithm: 'EdDSA', iss: 'cti-identity', aud: 'cti', expiresIn })({
    sub,
    email: `${sub}@example.com`,
  });

const context = testContextForTests();
let rotating: ServiceApp;
let rotated: ServiceApp;

beforeAll(async () => {
  // during the rotation: the new key signs, the old one is still accepted
  rotating = await context.ctx.start(whoami, { JWT_PUBLIC_KEY: newPair.publicKey, JWT_PUBLIC_KEY_PREVIOUS: testKeyPair().publicKey });
  // after it: the old key is gone
  rotated = await context.ctx.start(whoami, { JWT_PUBLIC_KEY: newPair.publicKey });
});

const call = (app: ServiceApp, token: string) =>
  app.inject({ method: 'GET', url: '/whoami', headers: { authorization: `Bearer ${token}` } });

it('accepts tokens signed with the new key and, during a rotation, with the previous one', async () => {
  expect((await call(rotating, signWithNewKey('new-user'))).json()).toEqual({ sub: 'new-user' });
  expect((await call(rotating, signTestToken({ sub: 'old-user' }))).json()).toEqual({ sub: 'old-user' });
});

it('refuses tokens of the previous key once it is removed', async () => {
  expect((await call(rotated, signTestToken({ sub: 'old-user' }))).statusCode).toBe(401);
  expect((await call(rotated, signWithNewKey('new-user'))).statusCode).toBe(200);
});

it('still tells an expired token of the previous key apart (Token-Expired), so the web client refreshes', async () => {
  const expired = signTestToken({ sub: 'old-user' }, 1);
  await new Promise((r) => setTimeout(r, 1100));
  const res = await call(rotating, expired);
  expect([res.statusCode, res.headers['token-expired']]).toEqual([401, 'true']);
});

it('refuses a token signed by a key that is neither', async () => {
  const stranger = generateKeyPairSync('ed25519', {
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const token = createSigner({ key: stranger.privateKey, algorithm: 'EdDSA', iss: 'cti-identity', aud: 'cti' })({ sub: 'x' });
  const res = await call(rotating, token);
  expect([res.statusCode, res.headers['token-expired']]).toEqual([401, undefined]);
});
