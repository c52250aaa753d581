import type { AccessClaims } from '@cti/contracts';
import { sql } from '@cti/db';
import { appendToOutbox } from '@cti/service-kit';

import type { IdentityApp } from '../db';
import { actorFromClaims } from '../sessions/session';

/** Records that the user agreed to the terms (`GET api/user/agree`). */
export async function agreeToTerms(app: IdentityApp, claims: AccessClaims): Promise<void> {
  await app.inTransaction(async (trx) => {
    await trx
      .updateTable('users')
      .set({ mustAgreeCtc: false, agreedCtcAt: sql`now()`, updatedAt: sql`now()` })
      .where('id', '=', claims.sub)
      .execute();
    await appendToOutbox(trx, {
      type: 'evt.identity.user.agreed',
      actor: actorFromClaims(claims),
      data: { userId: claims.sub, email: claims.email },
    });
  });
}
