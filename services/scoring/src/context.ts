import type { FastifyRequest } from 'fastify';

import type { IndexAccessSettings } from '@cti/access';
import type { Transaction } from '@cti/db';

import type { ScoringConfig } from './config';
import type { ScoringDB } from './db';
import type { ReadModelCache } from './read-models/cache';

/** What the scoring features share: configuration, access settings and the read-model cache. */
export interface ScoringContext {
  config: ScoringConfig & { DEMO_DATA: boolean };
  settings: IndexAccessSettings;
  cache: ReadModelCache;
  /**
   * Runs a request's use-case in a transaction that continues the request's trace (the events
   * it writes carry it; this service does not run requests inside their contexts); once it
   * commits, this replica drops its cached read models at once (its own next read sees the
   * change; other replicas hear the notification the rebuild committed).
   */
  write<T>(request: FastifyRequest, work: (trx: Transaction<ScoringDB>) => Promise<T>): Promise<T>;
}
