import { defineService } from '@cti/service-kit';
import { migrations } from '../migrations';
import { recordEvent } from './audit-log/record-event';
import { reportRoutes } from './report/routes';

/** Audit: consumes every event into the audit log and change history. */
export const auditService = defineService({
  name: 'audit',
  defaultPort: 8086,
  migrations,
  async plugin(app) {
    await app.register(reportRoutes);
  },
  consumers: () => [{ filter: ['evt.>'], handle: (event, trx) => recordEvent(trx, event) }],
});
