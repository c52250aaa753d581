import type { ServerResponse } from 'node:http';

import Type from 'typebox';

import { RouteRules } from '@cti/access';
import { ErrorBody, type QuestionnaireChange } from '@cti/contracts';
import { claimsOf } from '@cti/service-kit';

import type { QuestionnaireApp } from '../db';
import { questionnaireForUser } from '../questionnaires/access';

import { ChangeFeed } from './change-feed';

/** Browsers wait this long before reconnecting a dropped stream (the web client keeps its own backoff too). */
const RETRY_MS = 2000;

/**
 * GET api/questionnaire/live/{questionnaireId}: server-sent events telling an open
 * questionnaire page what changed (approvals, answers, locks, status, consents), so the
 * other firm's page follows without reloading. A comment line every heartbeat keeps
 * proxies (the gateway's body timeout) from cutting a quiet stream. A stream ends when
 * its access token expires (the client reconnects with a fresh one) and when the
 * service shuts down (the client reconnects to another replica or the restarted one), and
 * when the replica's NATS connection is lost or back (changes meanwhile were not heard).
 */
export async function liveRoutes(app: QuestionnaireApp, opts: { heartbeatSeconds: number }) {
  const feed = new ChangeFeed(app.log);
  feed.start(app.events.bus);
  const open = new Set<() => void>();
  // open streams would keep a graceful shutdown waiting for them forever
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });
  // Changes made while this replica's NATS connection was down were not heard: its open pages
  // are told to reload, as after any reconnection (their stream ends; the client connects again,
  // to whichever replica, and reloads what it shows) when the connection is lost and again when
  // it is back (a page that connected meanwhile missed them too).
  const unwatch = app.events.bus.watchConnection(() => {
    for (const end of [...open]) end();
  });
  app.addHook('onClose', async () => {
    unwatch();
    feed.stop();
  });

  app.get(
    '/api/questionnaire/live/:questionnaireId',
    {
      preHandler: app.requireRule(RouteRules.questionnaire),
      schema: {
        tags: ['questionnaires'],
        summary: 'Server-sent events (`change`) while a questionnaire page is open',
        params: Type.Object({ questionnaireId: Type.String() }),
        response: { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const claims = claimsOf(request);
      const q = await questionnaireForUser(app.db, claims, request.params.questionnaireId);
      reply.hijack();
      const res: ServerResponse = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      res.write(`retry: ${RETRY_MS}\n: open\n\n`);

      const send = (change: QuestionnaireChange) => res.write(`event: change\ndata: ${JSON.stringify(change)}\n\n`);
      const stopListening = feed.listen(q.id, send);
      const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), opts.heartbeatSeconds * 1000);
      const exp = (claims as { exp?: number }).exp;
      // the token verifier judges `exp` by the wall clock, so the stream ends by the same clock (not the service clock)
      const expiry = exp ? setTimeout(() => end(), Math.max(exp * 1000 - Date.now(), 1000)) : null;
      const end = () => {
        if (!open.delete(end)) return;
        clearInterval(heartbeat);
        if (expiry) clearTimeout(expiry);
        stopListening();
        res.end();
      };
      open.add(end);
      // the client went away (a closed tab, a dropped connection through the gateway)
      res.once('close', end);
    },
  );
}
