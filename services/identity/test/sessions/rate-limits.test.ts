import { serviceUnderTest } from '@cti/testing';

import { identityService } from '../../src/app';
import { givenUser, login } from '../helpers';

const identity = serviceUnderTest(identityService, { env: { LOGIN_FAILURES_PER_IP: '5', LOGIN_FAILURES_PER_ACCOUNT: '3' } });

beforeAll(async () => {
  await givenUser(identity.app, 'target@example.com');
  await givenUser(identity.app, 'other@example.com');
  for (let i = 0; i < 12; i++) await givenUser(identity.app, `reviewer${i}@example.com`);
});

it('never counts successful sign-ins: a whole office signs in from one address', async () => {
  // 36 sign-ins in a minute from one NAT address: more than the failure cap, and than the 30 a minute once allowed
  for (let round = 0; round < 3; round++)
    for (let i = 0; i < 12; i++)
      expect((await login(identity.app, `reviewer${i}@example.com`, undefined, '203.0.113.7')).statusCode).toBe(200);
});

it('answers 429 once one IP has failed more than its cap, for any account, and not for other IPs', async () => {
  const codes: number[] = [];
  // different accounts each time: only the per-IP limit can trip
  for (let i = 0; i < 7; i++) codes.push((await login(identity.app, `nobody${i}@example.com`, 'nope', '192.0.2.10')).statusCode);
  expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
  expect(codes[5]).toBe(429);
  const res = await login(identity.app, 'other@example.com', undefined, '192.0.2.10');
  expect(res.statusCode).toBe(429);
  expect(res.json().message).toBe('Too many failed sign-ins from your network. Please try again in a few minutes.');
  expect(res.headers['retry-after']).toBeDefined();
  // another IP is unaffected
  expect((await login(identity.app, 'target@example.com', undefined, '192.0.2.11')).statusCode).toBe(200);
});

it('answers 429 for an account after its failed logins per hour, from any IP, even with the right password', async () => {
  for (let i = 0; i < 3; i++) expect((await login(identity.app, 'target@example.com', 'wrong', `198.51.100.${i}`)).statusCode).toBe(401);
  const res = await login(identity.app, 'target@example.com', undefined, '198.51.100.50');
  expect(res.statusCode).toBe(429);
});

it('clears an account’s failures when it signs in, so earlier failures do not add to later ones', async () => {
  await givenUser(identity.app, 'forgetful@example.com');
  for (let round = 0; round < 2; round++) {
    // two failures a round, under the cap of three; four in all without the clearing
    for (let i = 0; i < 2; i++)
      expect((await login(identity.app, 'forgetful@example.com', 'wrong', `198.51.100.${100 + round}`)).statusCode).toBe(401);
    expect((await login(identity.app, 'forgetful@example.com', undefined, '198.51.100.120')).statusCode).toBe(200);
  }
  expect((await login(identity.app, 'forgetful@example.com', 'wrong', '198.51.100.121')).statusCode).toBe(401);
});
