import type { AlertEmailMode, EventActor } from '@cti/contracts';
import { appendToOutbox, type DataAccess } from '@cti/service-kit';

import type { NotificationsDB, NotificationsExecutor } from '../db';

import { nextDigestAt } from './digest-schedule';
import { ensureSettingsRow, findSettings, saveEmailMode, skipPendingEmails } from './repository';

export const DEFAULT_EMAIL_MODE: AlertEmailMode = 'immediate';

interface SettingsUser {
  userId: string;
  email: string;
  name: string;
}

/** Makes sure a user has settings (immediate e-mails by default) and remembers how to name them. */
export async function ensureSettings(trx: NotificationsExecutor, user: SettingsUser): Promise<void> {
  await ensureSettingsRow(trx, user, DEFAULT_EMAIL_MODE);
}

export async function emailModeOf(db: NotificationsExecutor, userId: string): Promise<AlertEmailMode> {
  return (await findSettings(db, userId))?.emailMode ?? DEFAULT_EMAIL_MODE;
}

/** The actor of events a user causes without a session (an e-mail link): as last known here. */
export async function actorOfUser(db: NotificationsExecutor, userId: string): Promise<EventActor | null> {
  const row = await findSettings(db, userId);
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
  await saveEmailMode(trx, change.userId, {
    emailMode: change.mode,
    modeBeforeOff: change.mode === 'off' ? current : null,
    nextDigestAt: next ? next.toISOString() : null,
  });
  if (change.mode === 'off') {
    await skipPendingEmails(trx, change.userId);
    await appendToOutbox(trx, {
      type: 'evt.notifications.alert.unsubscribed',
      actor: change.actor,
      data: { userId: change.userId, scope: 'email', groupId: null, groupName: null, via: change.via },
    });
  }
  return true;
}

/** PUT api/notifications/settings: the signed-in user's alert e-mail mode, the next digest scheduled from the clock's now. */
export async function saveAlertSettings(
  data: DataAccess<NotificationsDB>,
  user: SettingsUser,
  mode: AlertEmailMode,
  actor: EventActor | null,
  digestHourUtc: number,
): Promise<void> {
  await data.inTransaction(async (trx) => {
    await ensureSettings(trx, user);
    await setEmailMode(trx, { userId: user.userId, mode, via: 'settings', actor, now: data.clock.now(), digestHourUtc });
  });
}

/** What an undo of "alert e-mails off" turns back on. */
export async function modeBeforeOff(db: NotificationsExecutor, userId: string): Promise<AlertEmailMode> {
  const before = (await findSettings(db, userId))?.modeBeforeOff;
  return before && before !== 'off' ? before : DEFAULT_EMAIL_MODE;
}
