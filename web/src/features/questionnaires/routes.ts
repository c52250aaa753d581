import { RouteRules } from '@cti/access';

import type { AppRoute } from '../../app/route-types';

const questionnairesPage = () => import('./QuestionnairesPage');

/** Questionnaire workflow: lists, shell and sections, periods. */
export const questionnairesRoutes: AppRoute[] = [
  { path: '/manage/questionnaires', rule: RouteRules.questionnaire, title: 'Questionnaires', page: questionnairesPage },
  { path: '/questionnaires', rule: RouteRules.questionnaire, title: 'Questionnaires', page: questionnairesPage },
  { path: '/dashboard/country', rule: RouteRules.questionnaire, title: 'Questionnaires', page: () => import('./CountryDashboardPage') },
  {
    path: '/questionnaire/*',
    rule: RouteRules.questionnaire,
    title: 'Questionnaire',
    page: () => import('./QuestionnaireShellPage'),
    layout: 'questionnaire',
  },
  { path: '/manage/periods', rule: RouteRules.adminOnly, title: 'Periods', page: () => import('./PeriodsPage') },
];
