import type { KindRow } from './effects';
import { isAcknowledged, type LoadOutcome } from './platform-load';

/** One fault (or the baseline, or the rolling restart) as the load lived through it. */
export interface PhaseRecord {
  name: string;
  /** From the fault's start until every process answered ready again; null for the baseline. */
  window: { from: number; to: number } | null;
  /** Milliseconds from the fault's end until every process was ready again. */
  recoveryMs: number | null;
  /**
   * The fault kills a process that holds the clients' connections (a gateway, behind the front).
   * The front cannot answer for a request the killed gateway had already taken: depending on how
   * far it got, HAProxy answers 502 or closes the client's connection with no answer, as a
   * keep-alive connection closes, and it does not send the request again since it may already
   * have taken effect. Its outcome is unknown to the client, as a 5xx's is; what it changed is
   * still checked (never twice).
   */
  dropsClientConnections?: boolean;
}

/** Failures are allowed this long around a fault's window: a request sent just before it is answered within it. */
export const WINDOW_GRACE_MS = 2000;

/** How a client sees its connection cut under it (not a timeout, not a refused connection). */
const CONNECTION_CUT = /^network: (UND_ERR_SOCKET|ECONNRESET|EPIPE)\b/;

export interface PhaseRow {
  phase: string;
  requests: number;
  acknowledged: number;
  failed5xx: number;
  /** Requests whose connection was cut, no answer, while a fault killed a process holding it. */
  cutOff: number;
  /** Answers neither 2xx nor 5xx (a 4xx for an outage, a connection dropped outside such a fault). */
  other: number;
  /** 5xx answered outside any fault's window. */
  outsideFault: number;
  recovery: string;
}

type Window = NonNullable<PhaseRecord['window']>;
const within = (o: LoadOutcome, w: Window) => o.endedAt >= w.from - WINDOW_GRACE_MS && o.startedAt <= w.to + WINDOW_GRACE_MS;

/**
 * Whether a request lost its connection, unanswered, while a fault killed a process holding the
 * clients' connections: the one failure besides a 5xx such a fault may cause.
 */
export function cutOffByAFault(o: LoadOutcome, phases: PhaseRecord[]): boolean {
  if (typeof o.status !== 'string' || !CONNECTION_CUT.test(o.status)) return false;
  return phases.some((p) => p.dropsClientConnections && p.window && within(o, p.window));
}

export function phaseRows(outcomes: LoadOutcome[], phases: PhaseRecord[]): PhaseRow[] {
  const windows = phases.flatMap((p) => (p.window ? [p.window] : []));
  const inAFault = (o: LoadOutcome) => windows.some((w) => within(o, w));
  const is5xx = (o: LoadOutcome) => typeof o.status === 'number' && o.status >= 500;
  const cutOff = (o: LoadOutcome) => cutOffByAFault(o, phases);
  const rows = phases.map((p) => {
    const mine = outcomes.filter((o) => o.phase === p.name);
    return {
      phase: p.name,
      requests: mine.length,
      acknowledged: mine.filter(isAcknowledged).length,
      failed5xx: mine.filter(is5xx).length,
      cutOff: mine.filter(cutOff).length,
      other: mine.filter((o) => !isAcknowledged(o) && !is5xx(o) && !cutOff(o)).length,
      outsideFault: mine.filter((o) => is5xx(o) && !inAFault(o)).length,
      recovery: p.recoveryMs === null ? '' : `${(p.recoveryMs / 1000).toFixed(1)} s`,
    };
  });
  const sum = (key: 'requests' | 'acknowledged' | 'failed5xx' | 'cutOff' | 'other' | 'outsideFault') =>
    rows.reduce((n, r) => n + r[key], 0);
  return [
    ...rows,
    {
      phase: 'total',
      requests: sum('requests'),
      acknowledged: sum('acknowledged'),
      failed5xx: sum('failed5xx'),
      cutOff: sum('cutOff'),
      other: sum('other'),
      outsideFault: sum('outsideFault'),
      recovery: '',
    },
  ];
}

/** A plain-text table: the first column left-aligned, the others right-aligned. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((v, i) => (i === 0 ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export const phaseTable = (rows: PhaseRow[]) =>
  table(
    ['fault', 'requests', 'acknowledged', 'failed (5xx)', 'cut off (no answer)', 'other', '5xx outside the fault', 'ready again'],
    rows.map((r) => [r.phase, ...[r.requests, r.acknowledged, r.failed5xx, r.cutOff, r.other, r.outsideFault].map(String), r.recovery]),
  );

export const kindTable = (rows: KindRow[]) =>
  table(
    ['request', 'sent', 'acknowledged', 'effects due', 'effects', 'audit rows', 'lost', 'duplicated'],
    rows.map((r) => [r.kind, ...[r.requests, r.acknowledged, r.expected, r.effects, r.audited, r.lost, r.duplicated].map(String)]),
  );
