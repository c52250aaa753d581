import type { IndexAccessSettings, Principal } from '@cti/access';
import type { NotificationItem, NotificationList } from '@cti/contracts';

import { countriesById } from '../countries/repository';
import type { NotificationsExecutor } from '../db';
import { renderAlert, type RenderedAlert } from '../visibility/visibility';

import { alertRows, markAlertsRead, type AlertRow } from './repository';

const PAGE = 30;
/** Rows read per round while filling a page (some may be held back by the reader's access). */
const ROUND = 100;
/** Unread alerts counted at most (the header shows "99+" long before). */
const UNREAD_CAP = 1000;

/** Each row as this reader may see it now (rows they may not see are left out). */
async function rendered(db: NotificationsExecutor, p: Principal, rows: AlertRow[], settings: IndexAccessSettings) {
  const countries = await countriesById(
    db,
    rows.map((r) => r.groupId),
  );
  const out: Array<{ row: AlertRow; alert: RenderedAlert }> = [];
  for (const row of rows) {
    const country = row.groupId ? (countries.get(row.groupId) ?? null) : null;
    const alert = renderAlert(p, row, country, settings);
    if (alert) out.push({ row, alert });
  }
  return { out, countries };
}

/** How many unread alerts this reader may see now. */
export async function unreadCount(db: NotificationsExecutor, p: Principal, userId: string, settings: IndexAccessSettings): Promise<number> {
  const rows = await alertRows(db, userId).where('alerts.readAt', 'is', null).orderBy('alerts.id', 'desc').limit(UNREAD_CAP).execute();
  return (await rendered(db, p, rows, settings)).out.length;
}

/**
 * GET api/notifications/list: the reader's alerts, newest first, each in one line as their
 * access lets them see it now; a country they may no longer open is left out.
 */
export async function listAlerts(
  db: NotificationsExecutor,
  p: Principal,
  userId: string,
  settings: IndexAccessSettings,
  page: { before?: string; limit?: number },
): Promise<NotificationList> {
  const limit = page.limit ?? PAGE;
  const items: NotificationItem[] = [];
  let cursor = page.before && /^\d+$/.test(page.before) ? Number(page.before) : Number.MAX_SAFE_INTEGER;
  let exhausted = false;
  while (items.length < limit && !exhausted) {
    const rows = await alertRows(db, userId).where('alerts.id', '<', cursor).orderBy('alerts.id', 'desc').limit(ROUND).execute();
    exhausted = rows.length < ROUND;
    const { out, countries } = await rendered(db, p, rows, settings);
    for (const { row, alert } of out) {
      if (items.length === limit) break;
      items.push({
        Id: String(row.id),
        GroupId: row.groupId,
        Group: row.groupId ? (countries.get(row.groupId)?.name ?? null) : null,
        Kinds: alert.kinds,
        Line: alert.line,
        Link: row.link,
        CreatedAt: row.createdAt,
        Read: row.readAt !== null,
      });
    }
    if (rows.length) cursor = rows.at(-1)!.id;
  }
  return {
    Items: items,
    UnreadCount: await unreadCount(db, p, userId, settings),
    // a full page may have more after it; the next page starts below its last alert
    NextCursor: items.length === limit ? items.at(-1)!.Id : null,
  };
}

/** POST api/notifications/read: marks the given alerts (the reader's own only), or all of them, read. */
export async function markRead(
  db: NotificationsExecutor,
  userId: string,
  body: { Ids?: string[]; All?: boolean },
  now: Date,
): Promise<void> {
  const ids = (body.Ids ?? []).filter((id) => /^\d{1,18}$/.test(id)).map(Number);
  if (!body.All && !ids.length) return;
  await markAlertsRead(db, userId, body.All ? 'all' : ids, now);
}
