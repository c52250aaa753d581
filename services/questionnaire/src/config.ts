import { Type } from '@cti/service-kit';

export const QuestionnaireConfig = Type.Object({
  /** A section lock lapses this long after the page holding it last renewed it. */
  LOCK_TTL_SECONDS: Type.Integer({ minimum: 10, maximum: 3600, default: 90 }),
  /** Open questionnaire pages' change streams send a comment this often (below any proxy's idle timeout). */
  LIVE_HEARTBEAT_SECONDS: Type.Integer({ minimum: 1, maximum: 300, default: 20 }),
  /** How long demo seeding waits for identity's countries and accounts to arrive. */
  SEED_WAIT_SECONDS: Type.Integer({ minimum: 1, default: 90 }),
});
export type QuestionnaireConfig = Type.Static<typeof QuestionnaireConfig>;
