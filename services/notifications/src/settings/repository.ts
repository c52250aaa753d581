import type { AlertEmailMode } from '@cti/contracts';
import { upsert } from '@cti/db';

import type { NotificationsExecutor } from '../db';

/** Makes sure a user has settings (`emailMode` for a new row) and remembers how to name them. */
export async function ensureSettingsRow(
  trx: NotificationsExecutor,
  user: { userId: string; email: string; name: string },
  emailMode: AlertEmailMode,
): Promise<void> {
  await upsert(
    trx,
    'userSettings',
    { userId: user.userId, emailMode, modeBeforeOff: null, nextDigestAt: null, email: user.email, name: user.name },
    ['userId'],
    { email: user.email, name: user.name },
  ).execute();
}

/** A user's settings row, if they have one. */
export const findSettings = (db: NotificationsExecutor, userId: string) =>
  db.selectFrom('userSettings').select(['emailMode', 'modeBeforeOff', 'email', 'name']).where('userId', '=', userId).executeTakeFirst();

/** Writes a user's e-mail mode (a row is made for a user without one). */
export async function saveEmailMode(
  trx: NotificationsExecutor,
  userId: string,
  values: { emailMode: AlertEmailMode; modeBeforeOff: AlertEmailMode | null; nextDigestAt: string | null },
): Promise<void> {
  await upsert(trx, 'userSettings', { userId, ...values }, ['userId'], values).execute();
}

/** Alerts still waiting for an e-mail will get none (alert e-mails were turned off). */
export async function skipPendingEmails(trx: NotificationsExecutor, userId: string): Promise<void> {
  await trx.updateTable('alerts').set({ emailState: 'skipped' }).where('userId', '=', userId).where('emailState', '=', 'pending').execute();
}
