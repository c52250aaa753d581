import { createDatabase } from '@cti/db';
import { systemClock } from '@cti/service-kit';

import { requestReplay } from './chain/replay';
import type { AuditDB } from './db';

/**
 * Operator command: `DATABASE_URL=… node services/audit/dist/src/request-replay.js`, then
 * restart the audit service. The audit log, change records and suggestions are then
 * rebuilt from the event stream (the same rows, the same chain).
 */
async function main() {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) throw new Error('DATABASE_URL is required');
  const db = createDatabase<AuditDB>({ connectionString, schema: 'audit', poolSize: 1 });
  try {
    await requestReplay(db, systemClock);
    process.stdout.write('Replay requested: restart the audit service to rebuild the audit log from the event stream.\n');
  } finally {
    await db.destroy();
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
