import type { IndexAccessSettings } from '@cti/access';
import type { Transaction } from '@cti/db';
import type { DataAccess, TransactionOptions } from '@cti/service-kit';

import type { ScoringConfig } from './config';
import type { ScoringDB } from './db';
import type { ReadModelCache } from './read-models/cache';

/**
 * The trace context of the request a write serves (`requestContext(request)` in the route): its
 * transaction continues that trace, so the events it writes carry it. This service does not run
 * its requests inside their contexts (`activeContext: false`), hence a plain value handed on.
 */
export type TraceContext = NonNullable<TransactionOptions['context']>;

/**
 * What scoring's writing use-cases depend on: the app's transactions (which take the trace
 * context to continue), this replica's read-model cache to drop once a write has committed
 * (or failed), and the access settings the read models are rebuilt with. The app builds it
 * once; a route passes it on with the request's trace context.
 */
export interface ScoringWriteDeps extends Pick<DataAccess<ScoringDB>, 'inTransaction'> {
  /**
   * Drops this replica's cached read models at once, so its own next read sees the change;
   * other replicas hear the notification the rebuild committed.
   */
  invalidateReadModels(): void;
  settings: IndexAccessSettings;
}

/**
 * Runs a writing use-case's work in one transaction that continues `context`'s trace; after it
 * commits (or fails) this replica's cached read models are dropped.
 */
export async function inWriteTransaction<T>(
  deps: ScoringWriteDeps,
  context: TraceContext,
  work: (trx: Transaction<ScoringDB>) => Promise<T>,
): Promise<T> {
  try {
    return await deps.inTransaction(work, { context });
  } finally {
    deps.invalidateReadModels();
  }
}

/** What the scoring features share: configuration, access settings, the read-model cache and the writes' dependencies. */
export interface ScoringContext {
  config: ScoringConfig & { DEMO_DATA: boolean };
  settings: IndexAccessSettings;
  cache: ReadModelCache;
  writes: ScoringWriteDeps;
}
