import type { AppRoute } from '../../app/route-types';

/** Questionnaire workflow (questionnaire-workflow.md): lists, shell and sections, periods. */
export const questionnairesRoutes: AppRoute[] = [];
