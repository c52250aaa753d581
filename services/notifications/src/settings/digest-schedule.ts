import type { AlertEmailMode } from '@cti/contracts';

const DAY = 86_400_000;

/**
 * When the next digest of a mode is due after `now`: daily ones at the digest hour (UTC),
 * weekly ones on Monday at that hour; null for immediate alerts and for none.
 */
export function nextDigestAt(mode: AlertEmailMode, now: Date, hourUtc: number): Date | null {
  if (mode !== 'daily' && mode !== 'weekly') return null;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hourUtc);
  let next = today > now.getTime() ? today : today + DAY;
  if (mode === 'weekly') {
    // getUTCDay: 0 Sunday … 1 Monday
    while (new Date(next).getUTCDay() !== 1) next += DAY;
  }
  return new Date(next);
}
