import { dataAccessOf, defineService } from '@cti/service-kit';

import { migrations } from '../migrations';

import { PUBLISHED_NOT_RECORDED } from './audit-log/publish-entry';
import { recordEvents } from './audit-log/record-event';
import { applyReplayRequest } from './chain/replay';
import { changeHistoryRoutes } from './change-history/routes';
import { AuditConfig } from './config';
import type { AuditDB } from './db';
import { filterRoutes } from './filters/routes';
import { reportRoutes } from './report/routes';

/** The durable consumer's name: the service's. */
const DURABLE = 'audit';

/** Audit: consumes every event into the hash-chained audit log, change history and filter suggestions. */
export const auditService = defineService<AuditDB>('audit')({
  config: AuditConfig,
  migrations,
  // Every event of the platform passes through its consumer, and entering each one's trace
  // context would turn on Node 20's async hooks for the process, a cost on every promise. The
  // consumer records its batch's (or event's) trace on the transaction itself, so the entries
  // it publishes carry it; its requests only read.
  activeContext: false,
  async plugin(app, config) {
    // before the consumers start (they start when the app is ready)
    await applyReplayRequest({ ...dataAccessOf(app), bus: app.events.bus, log: app.log }, DURABLE);
    await app.register(reportRoutes, { chainKey: config.AUDIT_CHAIN_KEY, checkEveryMinutes: config.AUDIT_CHAIN_CHECK_EVERY_MINUTES });
    await app.register(changeHistoryRoutes);
    await app.register(filterRoutes);
  },
  // every event of the platform arrives here: the events waiting at once share one
  // transaction (one lock of the chain head, one commit), so the log keeps up with bursts;
  // the entries audit publishes itself come back too, and are acked without a transaction
  consumers: (_app, config) => [
    {
      filter: ['evt.>'],
      except: [...PUBLISHED_NOT_RECORDED],
      handle: (event, trx) => recordEvents(trx, [event], config.AUDIT_CHAIN_KEY),
      batch: { handle: (events, trx) => recordEvents(trx, events, config.AUDIT_CHAIN_KEY) },
    },
  ],
});
