import Type from 'typebox';

import { RouteRules } from '@cti/access';
import { ErrorBody, Period, PeriodNameParam } from '@cti/contracts';
import { actorOf, NotFound } from '@cti/service-kit';

import type { QuestionnaireApp } from '../db';
import { currentPeriod } from '../questionnaires/repository';

import { openPeriod } from './open-period';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** Periods (Period Manager). */
export async function periodRoutes(app: QuestionnaireApp) {
  const tags = ['periods'];
  const db = app.db;
  app.get(
    '/api/period',
    { preHandler: app.requireRule(RouteRules.adminOnly), schema: { tags, response: { 200: Type.Array(Period), ...errors } } },
    async () => {
      const rows = await db.selectFrom('periods').selectAll().orderBy('seq', 'desc').execute();
      return rows.map((p) => ({ Id: p.id, Name: p.name, Created: p.createdAt }));
    },
  );
  app.get(
    '/api/period/currentPeriod',
    { preHandler: app.requireUser, schema: { tags, response: { 200: Period, ...errors } } },
    async () => {
      const period = await currentPeriod(db);
      if (!period) throw new NotFound('There is no current period.');
      return { Id: period.id, Name: period.name, Created: period.createdAt };
    },
  );
  app.post(
    '/api/period/:name',
    {
      preHandler: app.requireRule(RouteRules.adminOnly),
      schema: { tags, params: PeriodNameParam, response: { 200: Type.Boolean(), ...errors } },
    },
    async (request) => {
      await openPeriod(app, request.params.name, actorOf(request));
      return true;
    },
  );
}
