import type { AccessClaims } from '@cti/contracts';
import { actorFromClaims, appendToOutbox, type DataAccess } from '@cti/service-kit';

import { markAgreedToTerms } from '../accounts/repository';
import type { IdentityDB } from '../db';

/** Records that the user agreed to the terms (`GET api/user/agree`), at the clock's time. */
export async function agreeToTerms(data: DataAccess<IdentityDB>, claims: AccessClaims): Promise<void> {
  await data.inTransaction(async (trx) => {
    await markAgreedToTerms(trx, claims.sub, data.clock.now());
    await appendToOutbox(trx, {
      type: 'evt.identity.user.agreed',
      actor: actorFromClaims(claims),
      data: { userId: claims.sub },
    });
  });
}
