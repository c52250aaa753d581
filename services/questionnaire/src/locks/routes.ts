import Type from 'typebox';

import { RouteRules } from '@cti/access';
import { ErrorBody, isUuid, LockBody, LockInfo, NavLocks, UnlockQuery, type UnlockBeacon } from '@cti/contracts';
import { BadRequest, claimsOf, Unauthorized } from '@cti/service-kit';

import type { QuestionnaireApp } from '../db';

import { navLocks, releaseLocks, renewLock } from './locks';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** A lock id no tab holds (beacon lock ids are not checked by a schema). */
const NO_TAB = '00000000-0000-0000-0000-000000000000';

function parseBeacon(body: unknown): UnlockBeacon {
  let value = body;
  if (typeof body === 'string') {
    try {
      value = JSON.parse(body);
    } catch {
      throw new BadRequest('The unlock request is not JSON.');
    }
  }
  const beacon = value as Partial<UnlockBeacon> | null;
  if (!beacon || typeof beacon.token !== 'string') throw new BadRequest('The unlock request carries no token.');
  return {
    token: beacon.token,
    questionnaireId: typeof beacon.questionnaireId === 'string' ? beacon.questionnaireId : undefined,
    sectionId: typeof beacon.sectionId === 'number' ? beacon.sectionId : undefined,
    // a lock id that is no uuid names no tab: it releases nothing rather than every lock of the user
    lockId: beacon.lockId === undefined ? undefined : typeof beacon.lockId === 'string' && isUuid(beacon.lockId) ? beacon.lockId : NO_TAB,
  };
}

/** Section locks: renew while the page is open, navigation lock marks, release. */
export async function lockRoutes(app: QuestionnaireApp, opts: { lockTtlSeconds: number }) {
  const tags = ['locks'];
  const rule = app.requireRule(RouteRules.questionnaire);
  app.post(
    '/api/questionnaire/lock',
    { preHandler: rule, schema: { summary: 'Lock a section for editing', tags, body: LockBody, response: { 200: LockInfo, ...errors } } },
    async (request) => renewLock(app, claimsOf(request), request.body, opts.lockTtlSeconds),
  );

  app.get(
    '/api/questionnaire/unlock',
    {
      preHandler: app.requireUser,
      schema: {
        summary: 'Release a section lock',
        tags,
        querystring: UnlockQuery,
        response: { 200: Type.Object({ released: Type.Integer() }), ...errors },
      },
    },
    async (request) => ({
      released: await releaseLocks(app, claimsOf(request), request.query),
    }),
  );

  // navigator.sendBeacon (tab closing) can neither GET nor set headers: the token rides in the body.
  // A token that expired a moment ago still releases its owner's own locks.
  app.post('/api/questionnaire/unlock', { schema: { tags, hide: true } }, async (request) => {
    const beacon = parseBeacon(request.body);
    const claims = app.verifyIgnoringExpiry(beacon.token);
    if (!claims) throw new Unauthorized();
    return { released: await releaseLocks(app, claims, beacon) };
  });

  app.get(
    '/api/questionnaire/navlocks/:questionnaireId',
    {
      preHandler: rule,
      schema: {
        summary: 'Which sections of a questionnaire are locked, and by whom',
        tags,
        params: Type.Object({ questionnaireId: Type.String() }),
        response: { 200: NavLocks, ...errors },
      },
    },
    async (request) => navLocks(app, claimsOf(request), request.params.questionnaireId),
  );
}
