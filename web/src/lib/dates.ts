/*
 * The one place dates are written for the reader, in one of two families so a page never
 * mixes them: the spec's numeric dates on the screens that prescribe them (the questionnaire
 * lists, dashboard and pages: M/DD/YYYY; the audit log: MM/DD/YYYY h:mm:ss a UTC), and the
 * reader's own locale, month spelled out, everywhere else (`formatDate`, `formatDateTime`).
 */
const pad = (n: number) => String(n).padStart(2, '0');

/** h:mm:ss am/pm of a moment, in UTC. */
function utcClock(d: Date): string {
  const h = d.getUTCHours();
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} ${h < 12 ? 'am' : 'pm'}`;
}

/** MM/DD/YYYY h:mm:ss a, in UTC (the audit log's format). */
export function formatUtcTimestamp(iso: string): string {
  const d = new Date(iso);
  return `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()} ${utcClock(d)}`;
}

/** M/DD/YYYY, in UTC: only where the spec prescribes it (the questionnaire lists and dashboard). */
export function formatShortDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getUTCMonth() + 1}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}`;
}

/** M/DD/YYYY h:mm:ss a, in UTC: a moment on the questionnaire screens, in their date format. */
export const formatShortDateTime = (iso: string): string => `${formatShortDate(iso)} ${utcClock(new Date(iso))}`;

/** M/DD/YYYY of a moment in the reader's own time zone (where a local time of day follows it). */
export const formatShortLocalDate = (d: Date): string => `${d.getMonth() + 1}/${pad(d.getDate())}/${d.getFullYear()}`;

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

const momentFormat = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** A moment in the reader's locale and time zone, month spelled out ("23 Nov 2026, 14:05 CET"). */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : momentFormat.format(d);
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
