import { sql } from '@cti/db';
import { Unauthorized, Forbidden, type ServiceApp } from '@cti/service-kit';
import type { SessionUser } from '@cti/contracts';

import { findUserById } from '../users/repository';
import { issueSession, type SessionIssuer } from './session';
import { hashToken } from './tokens';

export const INVALID_REFRESH = 'Invalid refresh token';

/**
 * Rotates a refresh token: the presented token is spent and a new one of the same
 * family is issued. Presenting a spent token again means it was stolen or replayed:
 * the whole family is revoked, logging out every holder.
 */
export async function refreshSession(app: ServiceApp, issuer: SessionIssuer, token: string, opts: { free: boolean }): Promise<SessionUser> {
  const tokenHash = hashToken(token);
  const outcome = await app.inTransaction(async (trx) => {
    const spent = await trx
      .updateTable('refreshTokens')
      .set({ usedAt: sql`now()` })
      .where('tokenHash', '=', tokenHash)
      .where('usedAt', 'is', null)
      .where('revokedAt', 'is', null)
      .where('expiresAt', '>', sql<string>`now()`)
      .returning(['userId', 'familyId'])
      .executeTakeFirst();
    if (!spent) {
      const known = await trx
        .selectFrom('refreshTokens')
        .select(['familyId', 'usedAt'])
        .where('tokenHash', '=', tokenHash)
        .executeTakeFirst();
      if (known?.usedAt) {
        await trx
          .updateTable('refreshTokens')
          .set({ revokedAt: sql`now()` })
          .where('familyId', '=', known.familyId)
          .where('revokedAt', 'is', null)
          .execute();
        return { kind: 'reused' as const };
      }
      return { kind: 'invalid' as const };
    }
    const user = await findUserById(trx, spent.userId);
    if (!user || user.isFree !== opts.free) return { kind: 'invalid' as const };
    if (user.disabled || (user.expiresOn && Date.parse(user.expiresOn) < Date.now())) return { kind: 'blocked' as const };
    return { kind: 'rotated' as const, session: (await issueSession(trx, issuer, user, spent.familyId)).session };
  });
  if (outcome.kind === 'rotated') return outcome.session;
  if (outcome.kind === 'blocked') throw new Forbidden('Your account can no longer sign in.');
  if (outcome.kind === 'reused') app.log.warn('refresh token reused: its family was revoked');
  throw new Unauthorized(INVALID_REFRESH);
}
