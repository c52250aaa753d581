import { dataAccessOf, defineService } from '@cti/service-kit';

import { migrations } from '../migrations';

import { adminCommentRoutes } from './admin-comments/routes';
import { approvalRoutes } from './approvals/routes';
import { QuestionnaireConfig } from './config';
import { consentRoutes } from './consent/routes';
import { identityConsumer } from './countries/projection';
import type { QuestionnaireDB } from './db';
import { liveRoutes } from './live/routes';
import { lockRoutes } from './locks/routes';
import { periodRoutes } from './periods/routes';
import { progressRoutes } from './progress/routes';
import { questionnaireRoutes } from './questionnaires/routes';
import { sectionRoutes } from './sections/routes';
import { seedDemoData } from './seed/seed-demo-data';

/** Questionnaire: periods, questionnaires, question bank, answers, locks, consent, approvals, admin notes. */
export const questionnaireService = defineService<QuestionnaireDB>('questionnaire')({
  config: QuestionnaireConfig,
  migrations,
  consumers: () => [identityConsumer()],
  async plugin(app, config) {
    const locks = { lockTtlSeconds: config.LOCK_TTL_SECONDS };
    await app.register(periodRoutes);
    await app.register(questionnaireRoutes);
    await app.register(sectionRoutes, locks);
    await app.register(lockRoutes, locks);
    await app.register(consentRoutes);
    await app.register(approvalRoutes);
    await app.register(adminCommentRoutes);
    await app.register(progressRoutes);
    await app.register(liveRoutes, { heartbeatSeconds: config.LIVE_HEARTBEAT_SECONDS });
  },
  seed: (app, config) =>
    seedDemoData(
      { ...dataAccessOf(app), log: app.log },
      { waitSeconds: config.SEED_WAIT_SECONDS, lockTtlSeconds: config.LOCK_TTL_SECONDS },
    ),
});
