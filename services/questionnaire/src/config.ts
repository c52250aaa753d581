import { Type } from '@cti/service-kit';

export const QuestionnaireConfig = Type.Object({
  /** A section lock lapses this long after the page holding it last renewed it. */
  LOCK_TTL_SECONDS: Type.Integer({ minimum: 10, maximum: 3600, default: 90 }),
  /** How long demo seeding waits for identity's countries and accounts to arrive. */
  SEED_WAIT_SECONDS: Type.Integer({ minimum: 1, default: 90 }),
});
export type QuestionnaireConfig = Type.Static<typeof QuestionnaireConfig>;
