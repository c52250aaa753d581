import Type from 'typebox';

import { RouteRules } from '@cti/access';
import { ErrorBody, Period, PeriodNameParam } from '@cti/contracts';
import { actorOf } from '@cti/service-kit';

import type { QuestionnaireApp } from '../db';

import { openPeriod } from './open-period';
import { periodList, theCurrentPeriod } from './periods';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** Periods (Period Manager). */
export async function periodRoutes(app: QuestionnaireApp) {
  const tags = ['periods'];
  app.get(
    '/api/period',
    {
      preHandler: app.requireRule(RouteRules.adminOnly),
      schema: { summary: 'Every period', tags, response: { 200: Type.Array(Period), ...errors } },
    },
    async () => periodList(app.db),
  );
  app.get(
    '/api/period/currentPeriod',
    { preHandler: app.requireUser, schema: { summary: 'The current period', tags, response: { 200: Period, ...errors } } },
    async () => theCurrentPeriod(app.db),
  );
  app.post(
    '/api/period/:name',
    {
      preHandler: app.requireRule(RouteRules.adminOnly),
      schema: { summary: 'Open a new period', tags, params: PeriodNameParam, response: { 200: Type.Boolean(), ...errors } },
    },
    async (request) => {
      await openPeriod(app, request.params.name, actorOf(request));
      return true;
    },
  );
}
