import { ConfigError, defineService } from '@cti/service-kit';

import { migrations } from '../migrations';

import { recordEvent } from './audit-log/record-event';
import { applyReplayRequest } from './chain/replay';
import { changeHistoryRoutes } from './change-history/routes';
import { AuditConfig, DEV_CHAIN_KEY } from './config';
import type { AuditDB } from './db';
import { filterRoutes } from './filters/routes';
import { reportRoutes } from './report/routes';

/** The durable consumer's name: the service's. */
const DURABLE = 'audit';

/** Audit: consumes every event into the hash-chained audit log, change history and filter suggestions. */
export const auditService = defineService<AuditDB>()({
  name: 'audit',
  defaultPort: 8086,
  config: AuditConfig,
  migrations,
  async plugin(app, config) {
    if (config.NODE_ENV === 'production' && config.AUDIT_CHAIN_KEY === DEV_CHAIN_KEY) {
      throw new ConfigError('Configuration error: AUDIT_CHAIN_KEY must be set in production');
    }
    // before the consumers start (they start when the app is ready)
    await applyReplayRequest(app, DURABLE);
    await app.register(reportRoutes, { chainKey: config.AUDIT_CHAIN_KEY, checkEveryMinutes: config.AUDIT_CHAIN_CHECK_EVERY_MINUTES });
    await app.register(changeHistoryRoutes);
    await app.register(filterRoutes);
  },
  consumers: (_app, config) => [{ filter: ['evt.>'], handle: (event, trx) => recordEvent(trx, event, config.AUDIT_CHAIN_KEY) }],
});
