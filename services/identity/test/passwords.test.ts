import { createTestContext, serviceUnderTest } from '@cti/testing';

import { identityService } from '../src/app';
import { FORGOT_PASSWORD_MIN_MS } from '../src/passwords/password-flows';

import { givenUser, linkIn, login, mailbox, mailTo, outboxTypes } from './helpers';

const identity = serviceUnderTest(identityService, {
  env: {
    PASSWORD_RATE_PER_IP: '1000',
    LOGIN_FAILURES_PER_IP: '1000',
    RESET_MAILS_PER_ACCOUNT: '3',
    LOGIN_FAILURES_PER_ACCOUNT: '3',
  },
});

beforeAll(async () => {
  await givenUser(identity.app, 'forgetful@example.com');
  await givenUser(identity.app, 'locked@example.com');
  await givenUser(identity.app, 'flooded@example.com');
});

const forgot = (email: string, remoteAddress = '10.3.0.1') =>
  identity.app.inject({ method: 'POST', url: `/api/user/forgotPassword/${encodeURIComponent(email)}`, remoteAddress });
const reset = (payload: object) => identity.app.inject({ method: 'POST', url: '/api/user/resetPassword', payload });
const codeFrom = async (email: string, after = 0) =>
  linkIn(await mailTo(identity.app, email, 'reset-password', after), '/resetPassword/').parts[0]!;

describe('POST api/user/forgotPassword/{email}', () => {
  it('e-mails a reset link to a known account', async () => {
    const res = await forgot('forgetful@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Success');
    expect(await codeFrom('forgetful@example.com')).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(await outboxTypes(identity.app)).toContain('evt.identity.password.resetRequested');
  });

  it('answers an unknown e-mail exactly like a known one, in similar time, and sends nothing', async () => {
    const time = async (email: string) => {
      const started = process.hrtime.bigint();
      const res = await forgot(email);
      return { res, ms: Number(process.hrtime.bigint() - started) / 1e6 };
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      const k = await time('forgetful@example.com');
      const u = await time(`nobody${i}@example.com`);
      expect(u.res.statusCode).toBe(k.res.statusCode);
      expect(u.res.body).toBe(k.res.body);
      known.push(k.ms);
      unknown.push(u.ms);
    }
    // every answer waits out the same floor, which is what hides the known account; a ratio of
    // wall times would depend on how busy the machine is
    expect(Math.min(...known, ...unknown)).toBeGreaterThanOrEqual(FORGOT_PASSWORD_MIN_MS - 2);
    expect(await mailbox(identity.app, 'nobody0@example.com')).toEqual([]);
  });

  it('answers Invalid Username for something that is not an e-mail', async () => {
    const res = await forgot('nope');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid Username');
  });

  it('sends at most RESET_MAILS_PER_ACCOUNT mails an hour, answering the same, and the sent links keep working', async () => {
    for (let i = 0; i < 5; i++) expect((await forgot('flooded@example.com', `10.3.1.${i}`)).json().message).toBe('Success');
    const mails = await mailbox(identity.app, 'flooded@example.com');
    expect(mails.filter((m) => m.Kind === 'reset-password')).toHaveLength(3);
    const firstCode = linkIn(mails[mails.length - 1]!, '/resetPassword/').parts[0]!;
    const res = await reset({ Code: firstCode, Email: 'flooded@example.com', NewPassword: 'still-mine-123' });
    expect(res.json().message).toBe('Success');
  });
});

describe('POST api/user/resetPassword', () => {
  it('sets the new password once and ends the old sessions', async () => {
    await givenUser(identity.app, 'resetme@example.com');
    const before = (await login(identity.app, 'resetme@example.com')).json();
    await forgot('resetme@example.com');
    const code = await codeFrom('resetme@example.com');
    const res = await reset({ Code: code, Email: 'resetme@example.com', NewPassword: 'brand-new-passphrase' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Success');
    expect((await login(identity.app, 'resetme@example.com', 'brand-new-passphrase')).statusCode).toBe(200);
    expect(
      (await identity.app.inject({ method: 'POST', url: '/api/user/refresh', payload: { token: before.RefreshToken } })).statusCode,
    ).toBe(401);
    // single use
    const again = await reset({ Code: code, Email: 'resetme@example.com', NewPassword: 'another-passphrase' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('InvalidToken');
    expect(await outboxTypes(identity.app)).toContain('evt.identity.password.reset');
  });

  it('answers InvalidToken for a code of another account, a made-up code or an expired one', async () => {
    await givenUser(identity.app, 'victim@example.com');
    await forgot('victim@example.com');
    const code = await codeFrom('victim@example.com');
    expect((await reset({ Code: code, Email: 'forgetful@example.com', NewPassword: 'hijacked-it-now!' })).json().message).toBe(
      'InvalidToken',
    );
    expect((await reset({ Code: 'made-up', Email: 'victim@example.com', NewPassword: 'hijacked-it-now!' })).json().message).toBe(
      'InvalidToken',
    );
    await identity.ctx.query(`update identity.user_tokens set expires_at = now() - interval '1 minute' where purpose = 'reset'`);
    expect((await reset({ Code: code, Email: 'victim@example.com', NewPassword: 'too-late-by-now!' })).json().message).toBe('InvalidToken');
  });

  it('answers PasswordTooShort under 12 characters (counted as characters) without spending the code', async () => {
    await givenUser(identity.app, 'short@example.com');
    await forgot('short@example.com');
    const code = await codeFrom('short@example.com');
    const res = await reset({ Code: code, Email: 'short@example.com', NewPassword: 'elevenchars' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('PasswordTooShort');
    // six emoji are twelve UTF-16 units, six characters
    expect((await reset({ Code: code, Email: 'short@example.com', NewPassword: '🛩️🛩️🛩' })).json().message).toBe('PasswordTooShort');
    // no composition rules: twelve lower-case letters will do
    expect((await reset({ Code: code, Email: 'short@example.com', NewPassword: 'twelvelowers' })).json().message).toBe('Success');
  });

  it('answers PasswordTooCommon for a common or breached password, whatever its case, without spending the code', async () => {
    await givenUser(identity.app, 'common@example.com');
    await forgot('common@example.com');
    const code = await codeFrom('common@example.com');
    for (const NewPassword of ['password', 'password1234', 'Password1234', '123456789012', 'qwertyuiop123', 'demo-password']) {
      const res = await reset({ Code: code, Email: 'common@example.com', NewPassword });
      expect([NewPassword, res.statusCode, res.json().message]).toEqual([
        NewPassword,
        400,
        NewPassword.length < 12 ? 'PasswordTooShort' : 'PasswordTooCommon',
      ]);
    }
    expect((await reset({ Code: code, Email: 'common@example.com', NewPassword: 'tidal-ochre-lantern' })).json().message).toBe('Success');
  });

  it('answers Invalid Username for a malformed e-mail', async () => {
    expect((await reset({ Code: 'x', Email: 'nope', NewPassword: 'long-enough-now' })).json().message).toBe('Invalid Username');
  });

  it('stores only a hash of the code', async () => {
    await forgot('forgetful@example.com');
    const code = await codeFrom('forgetful@example.com', 1);
    const rows = await identity.ctx.query(`select token_hash from identity.user_tokens where purpose = 'reset'`);
    expect(rows.some((r) => r.token_hash === code)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('lets the owner of an account an attacker locked out of login back in through the reset flow', async () => {
    for (let i = 0; i < 3; i++) await login(identity.app, 'locked@example.com', 'attacker-guess');
    expect((await login(identity.app, 'locked@example.com')).statusCode).toBe(429);
    await forgot('locked@example.com');
    const code = await codeFrom('locked@example.com');
    expect((await reset({ Code: code, Email: 'locked@example.com', NewPassword: 'owner-is-back-again' })).json().message).toBe('Success');
    expect((await login(identity.app, 'locked@example.com', 'owner-is-back-again')).statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  it('limits forgot-password per IP', async () => {
    const limited = await createTestContext();
    const other = await limited.start(identityService, { PASSWORD_RATE_PER_IP: '2' });
    const codes: number[] = [];
    for (let i = 0; i < 3; i++)
      codes.push(
        (await other.inject({ method: 'POST', url: `/api/user/forgotPassword/a${i}@example.com`, remoteAddress: '10.3.9.9' })).statusCode,
      );
    expect(codes).toEqual([200, 200, 429]);
    await limited.close();
  });
});
