import { canReadChangeHistory, changeHistoryRule, changeHistoryScope } from '@cti/access';
import { ChangeHistory, ErrorBody, QuestionChangesBody, RecentChanges, RecentChangesParams } from '@cti/contracts';
import { Forbidden, principalOf } from '@cti/service-kit';

import type { AuditApp } from '../db';

import { questionHistory, recentChanges } from './change-history';

/**
 * Change history (country view): recent changes for the country
 * dashboard and one question's history for the modal, for admins and for the
 * respondents and viewers of the country.
 */
export async function changeHistoryRoutes(app: AuditApp) {
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

  app.get(
    '/api/questionnaire/changes/:count',
    {
      preHandler: app.requireRule(changeHistoryRule),
      schema: {
        tags: ['audit'],
        summary: 'The latest answer changes (dashboard)',
        params: RecentChangesParams,
        response: { 200: RecentChanges, ...errors },
      },
    },
    async (request) => recentChanges(app.db, changeHistoryScope(principalOf(request.principal!)), request.params.count),
  );

  app.post(
    '/api/questionnaire/changes/question',
    {
      preHandler: app.requireRule(changeHistoryRule),
      schema: {
        tags: ['audit'],
        summary: 'Change history of one question',
        body: QuestionChangesBody,
        response: { 200: ChangeHistory, ...errors },
      },
    },
    async (request) => {
      if (!canReadChangeHistory(principalOf(request.principal!), request.body.groupId)) throw new Forbidden();
      return questionHistory(app.db, request.body);
    },
  );
}
