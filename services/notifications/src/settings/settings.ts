import type { AlertEmailMode, EventActor } from '@cti/contracts';
import { appendToOutbox } from '@cti/service-kit';

import type { NotificationsExecutor } from '../db';

import { nextDigestAt } from './digest-schedule';

export const DEFAULT_EMAIL_MODE: AlertEmailMode = 'immediate';

/** Makes sure a user has settings (immediate e-mails by default) and remembers how to name them. */
export async function ensureSettings(trx: NotificationsExecutor, user: { userId: string; email: string; name: string }): Promise<void> {
  await trx
    .insertInto('userSettings')
    .values({
      userId: user.userId,
      emailMode: DEFAULT_EMAIL_MODE,
      modeBeforeOff: null,
      nextDigestAt: null,
      email: user.email,
      name: user.name,
    })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ email: user.email, name: user.name }))
    .execute();
}

export async function emailModeOf(db: NotificationsExecutor, userId: string): Promise<AlertEmailMode> {
  const row = await db.selectFrom('userSettings').select('emailMode').where('userId', '=', userId).executeTakeFirst();
  return row?.emailMode ?? DEFAULT_EMAIL_MODE;
}

/** The actor of events a user causes without a session (an e-mail link): as last known here. */
export async function actorOfUser(db: NotificationsExecutor, userId: string): Promise<EventActor | null> {
  const row = await db.selectFrom('userSettings').select(['email', 'name']).where('userId', '=', userId).executeTakeFirst();
  return row ? { userId, name: row.name || row.email, email: row.email, groupNames: [] } : null;
}

export interface ModeChange {
  userId: string;
  mode: AlertEmailMode;
  via: 'email-link' | 'settings';
  actor: EventActor | null;
  now: Date;
  digestHourUtc: number;
}

/**
 * Sets how a user gets alert e-mails; the next digest is scheduled from now. Turning them
 * off is an unsubscribe (recorded as an event); the mode before is kept for an undo.
 * Returns whether anything changed.
 */
export async function setEmailMode(trx: NotificationsExecutor, change: ModeChange): Promise<boolean> {
  const current = await emailModeOf(trx, change.userId);
  if (current === change.mode) return false;
  const next = nextDigestAt(change.mode, change.now, change.digestHourUtc);
  const values = {
    emailMode: change.mode,
    modeBeforeOff: change.mode === 'off' ? current : null,
    nextDigestAt: next ? next.toISOString() : null,
  };
  await trx
    .insertInto('userSettings')
    .values({ userId: change.userId, ...values })
    .onConflict((oc) => oc.column('userId').doUpdateSet(values))
    .execute();
  if (change.mode === 'off') {
    await trx
      .updateTable('alerts')
      .set({ emailState: 'skipped' })
      .where('userId', '=', change.userId)
      .where('emailState', '=', 'pending')
      .execute();
    await appendToOutbox(trx, {
      type: 'evt.notifications.alert.unsubscribed',
      actor: change.actor,
      data: { userId: change.userId, scope: 'email', groupId: null, groupName: null, via: change.via },
    });
  }
  return true;
}

/** What an undo of "alert e-mails off" turns back on. */
export async function modeBeforeOff(db: NotificationsExecutor, userId: string): Promise<AlertEmailMode> {
  const row = await db.selectFrom('userSettings').select('modeBeforeOff').where('userId', '=', userId).executeTakeFirst();
  return row?.modeBeforeOff && row.modeBeforeOff !== 'off' ? row.modeBeforeOff : DEFAULT_EMAIL_MODE;
}
