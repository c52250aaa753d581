import { fixedClock } from '@cti/service-kit';
import { serviceUnderTest } from '@cti/testing';

import { identityService } from '../../src/app';
import { givenUser, login } from '../helpers';

const DAY = 86_400_000;
const TTL_DAYS = 30;

// starts at the real time (access tokens are signed and verified on it), then moves on its own
const clock = fixedClock(new Date());

const identity = serviceUnderTest(identityService, {
  env: { LOGIN_FAILURES_PER_IP: '1000', REFRESH_TOKEN_TTL_DAYS: String(TTL_DAYS) },
  clock,
});

beforeAll(async () => {
  await givenUser(identity.app, 'clocked@example.com');
});

const refresh = (token: string) => identity.app.inject({ method: 'POST', url: '/api/user/refresh', payload: { token } });

describe('refresh tokens expire by the service clock', () => {
  it('stores the expiry REFRESH_TOKEN_TTL_DAYS after the clock, honours it a minute before and refuses it a minute after', async () => {
    const signedInAt = clock.now();
    const session = (await login(identity.app, 'clocked@example.com')).json<{ Id: string; RefreshToken: string }>();
    const stored = await identity.app.db
      .selectFrom('refreshTokens')
      .select('expiresAt')
      .where('userId', '=', session.Id)
      .executeTakeFirstOrThrow();
    expect(new Date(stored.expiresAt).getTime()).toBe(signedInAt.getTime() + TTL_DAYS * DAY);

    clock.advance(TTL_DAYS * DAY - 60_000);
    const rotated = await refresh(session.RefreshToken);
    expect(rotated.statusCode).toBe(200);

    // the rotated token lives TTL_DAYS from the moment it was issued, by the same clock
    clock.advance(TTL_DAYS * DAY + 60_000);
    const late = await refresh(rotated.json<{ RefreshToken: string }>().RefreshToken);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ message: 'Invalid refresh token' });
  });
});
