import { sql } from '@cti/db';
import { appendToOutbox, Forbidden, type ServiceApp } from '@cti/service-kit';
import type { AccessClaims } from '@cti/contracts';
import { actorFromClaims } from './session';

/** Server logout: revokes the user's refresh tokens and records the logout. */
export async function logout(app: ServiceApp, claims: AccessClaims, userId: string, free: boolean): Promise<void> {
  if (claims.sub !== userId && !claims.isAdmin) throw new Forbidden();
  await app.inTransaction(async (trx) => {
    await trx
      .updateTable('refreshTokens')
      .set({ revokedAt: sql`now()` })
      .where('userId', '=', userId)
      .where('revokedAt', 'is', null)
      .execute();
    await appendToOutbox(trx, {
      type: 'evt.identity.user.loggedOut',
      actor: actorFromClaims(claims),
      data: { userId, email: claims.email, free },
    });
  });
}
