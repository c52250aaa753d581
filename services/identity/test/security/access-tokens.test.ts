import { generateKeyPairSync } from 'node:crypto';

import { createSigner } from 'fast-jwt';

import { signTestToken, testKeyPair, serviceUnderTest } from '@cti/testing';

import { identityService } from '../../src/app';
import { givenUser, sessionOf } from '../helpers';

const identity = serviceUnderTest(identityService, { env: { LOGIN_FAILURES_PER_IP: '1000' } });
let userId: string;

beforeAll(async () => {
  userId = await givenUser(identity.app, 'admin@example.com', { roles: ['Admin'] });
});

const claims = () => ({
  sub: userId,
  email: 'admin@example.com',
  name: 'A',
  roles: [1],
  groups: [],
  groupNames: [],
  isAdmin: true,
  isGroupManager: false,
  isAcid: false,
  free: false,
  organization: '',
});
const requests = (token: string) =>
  identity.app.inject({ method: 'GET', url: '/api/request', headers: { authorization: `Bearer ${token}` } });
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('access tokens', () => {
  it('accepts a genuine admin token', async () => {
    expect((await requests((await sessionOf(identity.app, 'admin@example.com')).Token)).statusCode).toBe(200);
    expect((await requests(signTestToken(claims()))).statusCode).toBe(200);
  });

  it('refuses alg none', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims(), iss: 'cti-identity', aud: 'cti', iat: now, exp: now + 600 })}.`;
    expect((await requests(token)).statusCode).toBe(401);
  });

  it('refuses a token signed with another key', async () => {
    const other = generateKeyPairSync('ed25519', {
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const token = createSigner({ key: other.privateKey, algorithm: 'EdDSA', iss: 'cti-identity', aud: 'cti', expiresIn: 600_000 })(
      claims(),
    );
    expect((await requests(token)).statusCode).toBe(401);
  });

  it('refuses an HMAC token made with the public key (algorithm confusion)', async () => {
    const token = createSigner({ key: testKeyPair().publicKey, algorithm: 'HS256', iss: 'cti-identity', aud: 'cti', expiresIn: 600_000 })(
      claims(),
    );
    expect((await requests(token)).statusCode).toBe(401);
  });

  it('refuses a wrong audience or issuer', async () => {
    const sign = (aud: string, iss: string) =>
      createSigner({ key: testKeyPair().privateKey, algorithm: 'EdDSA', iss, aud, expiresIn: 600_000 })(claims());
    expect((await requests(sign('someone-else', 'cti-identity'))).statusCode).toBe(401);
    expect((await requests(sign('cti', 'someone-else'))).statusCode).toBe(401);
  });

  it('answers 401 with Token-Expired for a token past its expiry', async () => {
    const token = createSigner({ key: testKeyPair().privateKey, algorithm: 'EdDSA', iss: 'cti-identity', aud: 'cti', expiresIn: 1 })(
      claims(),
    );
    await new Promise((r) => setTimeout(r, 20));
    const res = await requests(token);
    expect(res.statusCode).toBe(401);
    expect(res.headers['token-expired']).toBe('true');
  });

  it('carries the organization in the access token (questionnaire approvals need it)', async () => {
    const session = await sessionOf(identity.app, 'admin@example.com');
    const payload = JSON.parse(Buffer.from(session.Token.split('.')[1], 'base64url').toString());
    expect(payload.organization).toBe('Test Org');
  });
});
