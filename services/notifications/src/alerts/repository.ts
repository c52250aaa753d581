import type { NotificationsExecutor } from '../db';
import type { renderAlert } from '../visibility/visibility';

export type AlertRow = {
  id: number;
  createdAt: string;
  readAt: string | null;
  groupId: string | null;
  parts: Parameters<typeof renderAlert>[1]['parts'];
  document: Parameters<typeof renderAlert>[1]['document'];
  link: string;
};

/** A user's alerts with what their change says (the caller adds order, page and filters). */
export const alertRows = (db: NotificationsExecutor, userId: string) =>
  db
    .selectFrom('alerts')
    .innerJoin('changes', 'changes.id', 'alerts.changeId')
    .select(['alerts.id', 'alerts.createdAt', 'alerts.readAt', 'changes.groupId', 'changes.parts', 'changes.document', 'changes.link'])
    .where('alerts.userId', '=', userId);

/** Marks a user's unread alerts (the given ones, or all) read at `now`. */
export async function markAlertsRead(db: NotificationsExecutor, userId: string, ids: number[] | 'all', now: Date): Promise<void> {
  let q = db.updateTable('alerts').set({ readAt: now.toISOString() }).where('userId', '=', userId).where('readAt', 'is', null);
  if (ids !== 'all') q = q.where('id', 'in', ids);
  await q.execute();
}

/** How many alerts wait for their e-mail (immediate or the next digest), for the /metrics gauge. */
export async function countAlertsPendingEmail(db: NotificationsExecutor): Promise<number> {
  const row = await db
    .selectFrom('alerts')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('emailState', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
