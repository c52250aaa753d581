import { READ_MODELS_CHANGED_SIGNAL } from '@cti/contracts';
import { defineService } from '@cti/service-kit';

import { migrations } from '../migrations';

import { accessSettingsOf, ScoringConfig } from './config';
import { scoringConsumer } from './consumer';
import type { ScoringContext } from './context';
import { countryRoutes } from './countries/routes';
import type { ScoringDB } from './db';
import { demoProjectionHooks } from './demo/projection-hooks';
import { exportRoutes } from './exports/routes';
import { internalRoutes } from './internal/routes';
import { printRoutes } from './print/routes';
import { ReadModelCache } from './read-models/cache';
import { rebuildReadModels } from './read-models/rebuild';
import { readModelRoutes } from './read-models/routes';
import { scoreRoutes } from './scores/routes';

/** Scoring: scoring inputs, scores, categories, index lists, scorecards, score history, map data, ASU. */
export const scoringService = defineService<ScoringDB>('scoring')({
  config: ScoringConfig,
  migrations,
  // Its reads (the index list, thousands a second) need nothing of a trace context; entering
  // one per request would turn on Node 20's async hooks for the process, about a quarter of a
  // read's CPU. Writes hand the request's context to their use-case's transaction, the print
  // route to its call; the consumer's transactions continue their event's trace by themselves.
  activeContext: false,
  async plugin(app, config) {
    const settings = accessSettingsOf(config);
    const { bus } = app.events;
    const changedSignal = bus.subjects.signal(READ_MODELS_CHANGED_SIGNAL.service, READ_MODELS_CHANGED_SIGNAL.name);
    const cache = new ReadModelCache(app.db, {
      databaseUrl: config.DATABASE_URL,
      maxAgeMs: config.READ_MODEL_CACHE_SECONDS * 1000,
      log: app.log,
      // every replica tells the gateways once its own cache is dropped: after the last of these
      // signals no gateway keeps, nor refills from any replica, what the rebuild replaced
      onChanged: () => {
        try {
          if (bus.isConnected()) bus.nc.publish(changedSignal);
        } catch (err) {
          // (closing) the gateways' kept answers age out within their second anyway
          app.log.debug({ err }, 'read model signal not sent');
        }
      },
    });
    const ctx: ScoringContext = {
      config,
      settings,
      cache,
      writes: {
        inTransaction: (work, options) => app.inTransaction(work, options),
        invalidateReadModels: () => cache.invalidate(),
        settings,
      },
    };
    app.readiness.set('read-model-listener', () => cache.isListening);
    app.addHook('onReady', async () => {
      // settings (the public country) or builders may have changed since the last run
      await app.inTransaction((trx) => rebuildReadModels(trx, settings));
      await cache.start();
    });
    app.addHook('onClose', async () => cache.stop());

    await app.register(readModelRoutes, { cache: ctx.cache, settings: ctx.settings });
    await app.register(scoreRoutes, { ctx });
    await app.register(countryRoutes, { ctx });
    await app.register(printRoutes, { ctx });
    await app.register(exportRoutes, { ctx });
    await app.register(internalRoutes, { ctx });
  },
  consumers: (_app, config) => {
    const settings = accessSettingsOf(config);
    // with demo data: the demo countries' indexes, and demo scores for the demo seed's questionnaires
    return [scoringConsumer({ settings, ...(config.DEMO_DATA ? demoProjectionHooks(settings) : {}) })];
  },
});
