import { insertOnce } from '@cti/db';

import type { CommerceExecutor } from '../db';

export const isEventRecorded = async (db: CommerceExecutor, eventId: string) =>
  !!(await db.selectFrom('providerEvents').select('id').where('id', '=', eventId).executeTakeFirst());

/** Records a provider event's id; false when it was already recorded (a duplicate delivery). */
export const recordEvent = async (db: CommerceExecutor, event: { id: string; provider: string; type: string }) =>
  !!(await insertOnce(db, 'providerEvents', event, 'id').returning('id').executeTakeFirst());
