import type { AccessClaims, EventActor } from '@cti/contracts';

/** The actor of events caused by a signed-in user. */
export const actorFromClaims = (claims: AccessClaims): EventActor => ({
  userId: claims.sub,
  name: claims.name,
  email: claims.email,
  groupNames: claims.groupNames,
});
