import type { AccessClaims, EventActor } from '@cti/contracts';

export const actorFromClaims = (c: AccessClaims): EventActor => ({ userId: c.sub, name: c.name, email: c.email, groupNames: c.groupNames });
