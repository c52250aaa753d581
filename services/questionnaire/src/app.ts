import { defineService } from '@cti/service-kit';
import { migrations } from '../migrations';

/** Questionnaire: periods, questionnaires, question bank, answers, locks, consent, approvals, admin notes. */
export const questionnaireService = defineService({
  name: 'questionnaire',
  defaultPort: 8082,
  migrations,
  async plugin() {
    // features register here
  },
});
