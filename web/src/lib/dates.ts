const pad = (n: number) => String(n).padStart(2, '0');

/** MM/DD/YYYY h:mm:ss a, in UTC (the audit log's format). */
export function formatUtcTimestamp(iso: string): string {
  const d = new Date(iso);
  const h = d.getUTCHours();
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()} ${hour12}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} ${h < 12 ? 'am' : 'pm'}`;
}

/** M/DD/YYYY, in UTC: only where the spec prescribes it (the questionnaire lists and dashboard). */
export function formatShortDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getUTCMonth() + 1}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}`;
}

const dayFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * A date in the reader's own locale with the month spelled out ("23 Nov 2026", or
 * "Nov 23, 2026" for a US reader): never ambiguous for an international audience. The
 * calendar day is the UTC one, as stored. Exports and date inputs use ISO (`isoDay`).
 */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : dayFormat.format(d);
}

const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
];

/** "3 minutes ago", "in 2 days". */
export function relativeTime(iso: string, now = Date.now()): string {
  const diff = Date.parse(iso) - now;
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, ms] of units) {
    if (Math.abs(diff) >= ms || unit === 'second') return format.format(Math.round(diff / ms), unit);
  }
  return '';
}

/** YYYY-MM-DD of a date in UTC (date inputs). */
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);
export const daysAgo = (n: number, from = new Date()) => new Date(from.getTime() - n * 86_400_000);
