import type pg from 'pg';

import { isAcknowledged, type Outcome } from './answer-stream';

/** Per token: the changes questionnaire committed for it, and the audit rows of those changes. */
export interface Effects {
  stored: Map<string, number>;
  audited: Map<string, number>;
}

/**
 * Reads, as the database superuser, what became of each token: `stored` counts the answer
 * changes questionnaire committed (each one's outbox event is written in the same
 * transaction as the answer), `audited` the audit rows of those events (audit's row id is
 * the event id) carrying the change record (the new answer).
 */
export async function readEffects(db: pg.Client, tokenPattern: string): Promise<Effects> {
  const stored = await db.query<{ token: string; n: number }>(
    `select substring(payload->'data'->>'after' from $1) as token, count(*)::int as n
       from questionnaire.outbox
      where type = 'evt.questionnaire.answer.saved' and payload->'data'->>'after' ~ $1
      group by 1`,
    [tokenPattern],
  );
  const audited = await db.query<{ token: string; n: number }>(
    `select substring(o.payload->'data'->>'after' from $1) as token, count(*)::int as n
       from questionnaire.outbox o
       join audit.audit_rows r on r.id = o.id and r.change_after ~ $1
      where o.type = 'evt.questionnaire.answer.saved' and o.payload->'data'->>'after' ~ $1
      group by 1`,
    [tokenPattern],
  );
  return {
    stored: new Map(stored.rows.map((r) => [r.token, r.n])),
    audited: new Map(audited.rows.map((r) => [r.token, r.n])),
  };
}

export interface PhaseRow {
  phase: string;
  requested: number;
  acknowledged: number;
  failed: number;
  stored: number;
  audited: number;
  /** Acknowledged, but without its effect or its audit row. */
  lost: number;
  /** More than one effect or audit row for one request. */
  duplicated: number;
  /** Seconds from the end of the fault until every service answered ready again. */
  recoverySeconds: number | null;
  /** How long the phase took, its requests, fault and recovery together. */
  seconds: number;
}

export interface Phase {
  name: string;
  recoveryMs: number | null;
  tookMs: number;
}

export function tally(outcomes: Outcome[], effects: Effects, phases: Phase[]): PhaseRow[] {
  const rows = phases.map(({ name, recoveryMs, tookMs }) => {
    const mine = outcomes.filter((o) => o.phase === name);
    const stored = (o: Outcome) => effects.stored.get(o.token) ?? 0;
    const audited = (o: Outcome) => effects.audited.get(o.token) ?? 0;
    return {
      phase: name,
      requested: mine.length,
      acknowledged: mine.filter(isAcknowledged).length,
      failed: mine.filter((o) => !isAcknowledged(o)).length,
      stored: mine.filter((o) => stored(o) > 0).length,
      audited: mine.filter((o) => audited(o) > 0).length,
      lost: mine.filter((o) => isAcknowledged(o) && (stored(o) === 0 || audited(o) === 0)).length,
      duplicated: mine.filter((o) => stored(o) > 1 || audited(o) > 1).length,
      recoverySeconds: recoveryMs === null ? null : Math.round(recoveryMs / 100) / 10,
      seconds: Math.round(tookMs / 100) / 10,
    };
  });
  const sum = (key: keyof Omit<PhaseRow, 'phase' | 'recoverySeconds'>) => rows.reduce((n, r) => n + r[key], 0);
  return [
    ...rows,
    {
      phase: 'total',
      requested: sum('requested'),
      acknowledged: sum('acknowledged'),
      failed: sum('failed'),
      stored: sum('stored'),
      audited: sum('audited'),
      lost: sum('lost'),
      duplicated: sum('duplicated'),
      recoverySeconds: null,
      seconds: Math.round(sum('seconds') * 10) / 10,
    },
  ];
}

export function formatTable(rows: PhaseRow[]): string {
  const header = ['fault', 'requested', 'acknowledged', 'failed (5xx)', 'stored', 'audited', 'lost', 'duplicated', 'recovery', 'took'];
  const cells = rows.map((r) => [
    r.phase,
    ...[r.requested, r.acknowledged, r.failed, r.stored, r.audited, r.lost, r.duplicated].map(String),
    r.recoverySeconds === null ? '' : `${r.recoverySeconds.toFixed(1)} s`,
    `${r.seconds.toFixed(1)} s`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => c.map((v, i) => (i === 0 ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}
