import { createTestContext, eventually, serviceUnderTest } from '@cti/testing';

import { identityService } from '../../src/app';
import { givenUser, linkIn, login, mailbox, mailTo, outboxEvents, sessionOf } from '../helpers';

const identity = serviceUnderTest(identityService, {
  env: {
    LOGIN_FAILURES_PER_IP: '5',
    LOGIN_FAILURES_PER_ACCOUNT_ADDRESS: '3',
    LOGIN_FAILURES_PER_ACCOUNT: '6',
    UNLOCK_MAILS_PER_ACCOUNT: '2',
    PASSWORD_RATE_PER_IP: '1000',
    PUBLIC_URL: 'http://cti.test',
  },
});

interface Locked {
  scope: string;
  address: string;
  email: string | null;
  userId: string | null;
  failures: number;
  unlockMailed: boolean;
}
const locks = () => outboxEvents<Locked>(identity.app, 'evt.identity.signIn.locked');
const unlock = (Code: string, remoteAddress: string) =>
  identity.app.inject({ method: 'POST', url: '/api/user/unlockSignIn', payload: { Code }, remoteAddress });
const unlockCodeIn = async (email: string, after = 0) =>
  linkIn(await mailTo(identity.app, email, 'unlock-sign-in', after), '/unlockSignIn/').parts[0]!;

beforeAll(async () => {
  for (let i = 0; i < 12; i++) await givenUser(identity.app, `reviewer${i}@example.com`);
});

it('never counts successful sign-ins: a whole office signs in from one address', async () => {
  // 36 sign-ins in a minute from one NAT address: more than every failure cap
  for (let round = 0; round < 3; round++)
    for (let i = 0; i < 12; i++)
      expect((await login(identity.app, `reviewer${i}@example.com`, undefined, '203.0.113.7')).statusCode).toBe(200);
});

describe('an address failing for many accounts', () => {
  it('is refused for every account once past its cap (audited), and other addresses are not', async () => {
    await givenUser(identity.app, 'bystander@example.com');
    const codes: number[] = [];
    // different accounts each time: only the per-address limit can trip
    for (let i = 0; i < 7; i++) codes.push((await login(identity.app, `nobody${i}@example.com`, 'nope', '192.0.2.10')).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const res = await login(identity.app, 'bystander@example.com', undefined, '192.0.2.10');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('Too many failed sign-ins from your network. Please try again in a few minutes.');
    expect(res.headers['retry-after']).toBeDefined();
    expect((await login(identity.app, 'bystander@example.com', undefined, '192.0.2.11')).statusCode).toBe(200);
    expect((await locks()).filter((l) => l.data.address === '192.0.2.10').map((l) => l.data)).toEqual([
      expect.objectContaining({ scope: 'address', email: null, userId: null, failures: 5, unlockMailed: false }),
    ]);
  });
});

describe('one address failing for one account', () => {
  it('locks that account from that address only: the owner signs in from anywhere else, even with an attacker at it', async () => {
    const ownerId = await givenUser(identity.app, 'target@example.com');
    for (let i = 0; i < 3; i++) expect((await login(identity.app, 'target@example.com', 'wrong', '198.51.100.66')).statusCode).toBe(401);
    // the right password from the attacker's address is refused: the pair is locked
    const refused = await login(identity.app, 'target@example.com', undefined, '198.51.100.66');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'Too many failed sign-ins to this account from your network. Use the unlock link e-mailed to the account, sign in from another network, or try again in an hour.',
    );
    // the owner, anywhere else: signed in at once
    expect((await login(identity.app, 'target@example.com', undefined, '198.51.100.1')).statusCode).toBe(200);
    // other accounts from the attacker's address are not locked by it
    expect((await login(identity.app, 'reviewer0@example.com', undefined, '198.51.100.66')).statusCode).toBe(200);
    // audited, and the owner was e-mailed an unlock link
    expect((await locks()).find((l) => l.data.email === 'target@example.com')!.data).toMatchObject({
      scope: 'account-address',
      address: '198.51.100.66',
      userId: ownerId,
      failures: 3,
      unlockMailed: true,
    });
    const mail = await mailTo(identity.app, 'target@example.com', 'unlock-sign-in');
    expect(mail.Subject).toBe('Sign-ins to your Compliance Index account were paused');
    expect(mail.Text).toContain('198.51.100.66');
  });

  it('is unlocked by the e-mailed link, opened from that address, once', async () => {
    await givenUser(identity.app, 'fumbler@example.com');
    for (let i = 0; i < 3; i++) await login(identity.app, 'fumbler@example.com', 'typo', '198.51.100.70');
    expect((await login(identity.app, 'fumbler@example.com', undefined, '198.51.100.70')).statusCode).toBe(429);
    const code = await unlockCodeIn('fumbler@example.com');
    const opened = await unlock(code, '198.51.100.70');
    expect([opened.statusCode, opened.json().message]).toEqual([
      200,
      'Sign-ins to your account from this network are unlocked. You can sign in now.',
    ]);
    expect((await login(identity.app, 'fumbler@example.com', undefined, '198.51.100.70')).statusCode).toBe(200);
    const again = await unlock(code, '198.51.100.70');
    expect([again.statusCode, again.json().message]).toEqual([
      400,
      'This unlock link is invalid, used or expired. You can still sign in from another network, or reset your password.',
    ]);
    expect((await unlock('made-up', '198.51.100.70')).statusCode).toBe(400);
    const unlocked = await outboxEvents<{ email: string; address: string }>(identity.app, 'evt.identity.signIn.unlocked');
    expect(unlocked.at(-1)!.data).toMatchObject({ email: 'fumbler@example.com', address: '198.51.100.70' });
  });

  it('clears the account’s failures when it signs in, so earlier failures do not add to later ones', async () => {
    await givenUser(identity.app, 'forgetful@example.com');
    for (let round = 0; round < 2; round++) {
      // two failures a round, under the pair's cap of three; four in all without the clearing
      for (let i = 0; i < 2; i++)
        expect((await login(identity.app, 'forgetful@example.com', 'wrong', '198.51.100.100')).statusCode).toBe(401);
      expect((await login(identity.app, 'forgetful@example.com', undefined, '198.51.100.100')).statusCode).toBe(200);
    }
    expect((await login(identity.app, 'forgetful@example.com', 'wrong', '198.51.100.100')).statusCode).toBe(401);
  });
});

describe('many addresses failing for one account', () => {
  it('lock it only from addresses it never signed in from; its own addresses and an unlocked one go on', async () => {
    await givenUser(identity.app, 'famous@example.com');
    // the owner's office, where they signed in before
    expect((await login(identity.app, 'famous@example.com', undefined, '203.0.113.50')).statusCode).toBe(200);
    // a botnet: one guess from each of six addresses (no pair lock, no address lock)
    for (let i = 0; i < 6; i++)
      expect((await login(identity.app, 'famous@example.com', `guess-${i}`, `100.64.0.${i}`)).statusCode).toBe(401);
    const fromNewPlace = await login(identity.app, 'famous@example.com', undefined, '100.64.9.9');
    expect(fromNewPlace.statusCode).toBe(429);
    expect(fromNewPlace.json().message).toBe(
      'Too many failed sign-ins to this account. Use the unlock link e-mailed to the account, sign in from a network you used before, or try again in an hour.',
    );
    expect((await login(identity.app, 'famous@example.com', undefined, '203.0.113.50')).statusCode).toBe(200);
    // the office's success started the count again; the botnet locks it once more
    for (let i = 0; i < 6; i++) await login(identity.app, 'famous@example.com', `guess-${i}`, `100.64.1.${i}`);
    expect((await login(identity.app, 'famous@example.com', undefined, '100.64.9.9')).statusCode).toBe(429);
    // the owner at a hotel opens the e-mailed link there, and signs in there
    const code = await unlockCodeIn('famous@example.com', 1);
    expect((await unlock(code, '100.64.9.9')).statusCode).toBe(200);
    expect((await login(identity.app, 'famous@example.com', undefined, '100.64.9.9')).statusCode).toBe(200);
    const accountLocks = (await locks()).filter((l) => l.data.email === 'famous@example.com').map((l) => l.data.scope);
    expect(accountLocks).toEqual(['account', 'account']);
  });

  it('e-mails the owner at most UNLOCK_MAILS_PER_ACCOUNT unlock links an hour, and audits every lock', async () => {
    await givenUser(identity.app, 'mailbombed@example.com');
    // two pair locks from two addresses (three failures each), the second also locking the account
    for (let a = 0; a < 2; a++) for (let i = 0; i < 3; i++) await login(identity.app, 'mailbombed@example.com', 'x', `100.65.${a}.1`);
    const ofAccount = (await locks()).filter((l) => l.data.email === 'mailbombed@example.com').map((l) => l.data);
    expect(ofAccount.map((l) => [l.scope, l.unlockMailed])).toEqual([
      ['account-address', true],
      ['account-address', true],
      ['account', false],
    ]);
    await eventually(async () => (await mailbox(identity.app, 'mailbombed@example.com')).filter((m) => m.Status === 'sent').length === 2);
  });
});

describe('the current password on My account', () => {
  it('counts as a sign-in: wrong guesses lock the pair like wrong passwords at login', async () => {
    await givenUser(identity.app, 'borrowed@example.com');
    const session = await sessionOf(identity.app, 'borrowed@example.com');
    const change = (currentPassword: string) =>
      identity.app.inject({
        method: 'POST',
        url: '/api/user/account',
        headers: { authorization: `Bearer ${session.Token}` },
        remoteAddress: '198.51.100.200',
        payload: { user: { Id: session.Id, FirstName: 'B', LastName: 'C' }, newPassword: 'a-brand-new-passphrase', currentPassword },
      });
    for (let i = 0; i < 3; i++) expect((await change('not-it')).statusCode).toBe(400);
    expect((await change('correct horse battery')).statusCode).toBe(429);
    expect((await login(identity.app, 'borrowed@example.com', undefined, '198.51.100.200')).statusCode).toBe(429);
  });
});

describe('password flows from one address', () => {
  it('serve an office behind one address: 40 forgot-password calls in a row pass with the default limits', async () => {
    const office = await createTestContext();
    try {
      const other = await office.start(identityService);
      for (let i = 0; i < 40; i++) {
        const res = await other.inject({
          method: 'POST',
          url: `/api/user/forgotPassword/tester${i}@example.com`,
          remoteAddress: '10.9.0.1',
        });
        expect(res.statusCode).toBe(200);
      }
    } finally {
      await office.close();
    }
  });

  it('are limited per account too, whatever the addresses', async () => {
    const limited = await createTestContext();
    try {
      const other = await limited.start(identityService, { PASSWORD_RATE_PER_ACCOUNT: '3' });
      const codes: number[] = [];
      for (let i = 0; i < 4; i++)
        codes.push(
          (await other.inject({ method: 'POST', url: '/api/user/forgotPassword/one@example.com', remoteAddress: `10.9.1.${i}` }))
            .statusCode,
        );
      expect(codes).toEqual([200, 200, 200, 429]);
      const reset = await other.inject({
        method: 'POST',
        url: '/api/user/resetPassword',
        remoteAddress: '10.9.1.9',
        payload: { Code: 'guess', Email: 'one@example.com', NewPassword: 'a-brand-new-passphrase' },
      });
      expect(reset.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
