import type pg from 'pg';

import { readEffects } from '../../faults/support/ledger';

import { isAcknowledged, LOAD_KINDS, type LoadKind, type LoadOutcome, type PlatformLoad } from './platform-load';

/** Every service that keeps an outbox (the gateway keeps none). */
export const OUTBOX_SCHEMAS = ['identity', 'questionnaire', 'scoring', 'documents', 'commerce', 'audit', 'notifications'] as const;
/** What audit publishes about its own rows: the events it does not record again. */
const AUDIT_OWN_EVENTS = ['evt.audit.entry.recorded', 'evt.audit.chain.broken'];

/** Per kind of request: what was asked, what was acknowledged, and what became of it. */
export interface KindRow {
  kind: LoadKind;
  requests: number;
  acknowledged: number;
  /** Effects expected from the acknowledged requests (one each; a follow and a purchase: per completed change). */
  expected: number;
  /** Effects found (the change committed, with its outbox event). */
  effects: number;
  /** Audit rows of those effects. */
  audited: number;
  /** Acknowledged without its effect or its audit row. */
  lost: number;
  /** Two effects or audit rows for one request (or more than the requests could have made). */
  duplicated: number;
}

const count = (rows: Array<{ n: number }>) => rows[0]?.n ?? 0;

/** Per key: how many effects (outbox events of the change) and audit rows a query finds. */
async function keyed(db: pg.Client, query: string, values: unknown[]) {
  const rows = (await db.query<{ key: string; effects: number; audited: number }>(query, values)).rows;
  return new Map(rows.map((r) => [r.key, r]));
}

/** Answer and score saves: each acknowledged token once, with one audit row; no token twice. */
function byToken(kind: LoadKind, outcomes: LoadOutcome[], found: Map<string, { effects: number; audited: number }>): KindRow {
  const mine = outcomes.filter((o) => o.kind === kind);
  const acknowledged = mine.filter(isAcknowledged);
  const of = (o: LoadOutcome) => found.get(o.key) ?? { effects: 0, audited: 0 };
  return {
    kind,
    requests: mine.length,
    acknowledged: acknowledged.length,
    expected: acknowledged.length,
    effects: mine.filter((o) => of(o).effects > 0).length,
    audited: mine.filter((o) => of(o).audited > 0).length,
    lost: acknowledged.filter((o) => of(o).effects !== 1 || of(o).audited !== 1).length,
    duplicated: mine.filter((o) => of(o).effects > 1 || of(o).audited > 1).length,
  };
}

/**
 * Changes the load asked for by count (a follow's changes, sign-ins): acknowledged ones must
 * each have made one event and audit row; requests that failed may have made one too, but none more.
 */
function byCount(
  kind: LoadKind,
  outcomes: LoadOutcome[],
  changes: { acknowledged: number; unfinished: number },
  found: { effects: number; audited: number },
): KindRow {
  const mine = outcomes.filter((o) => o.kind === kind);
  const most = changes.acknowledged + changes.unfinished;
  return {
    kind,
    requests: mine.length,
    acknowledged: mine.filter(isAcknowledged).length,
    expected: changes.acknowledged,
    effects: found.effects,
    audited: found.audited,
    lost: Math.max(0, changes.acknowledged - Math.min(found.effects, found.audited)),
    duplicated: Math.max(0, found.effects - most, found.audited - found.effects),
  };
}

export interface LoadIdentities {
  followerId: string;
  /** The country the load follows and unfollows (the follower may follow others since before the load). */
  followedGroupId: string;
  signInUserId: string;
  /** When the load started: sign-ins before it are not the load's. */
  startedAt: Date;
}

/** What each kind of request of the load changed, read as the database superuser. */
export async function effectsOfLoad(db: pg.Client, load: PlatformLoad, who: LoadIdentities): Promise<KindRow[]> {
  const { outcomes } = load;
  const answers = await readEffects(db, load.answers.tokenPattern);
  const answerEffects = new Map(
    [...answers.stored].map(([token, effects]) => [token, { effects, audited: answers.audited.get(token) ?? 0 }] as const),
  );
  const scores = await keyed(
    db,
    `select substring(o.payload->'data'->'scorecard'->'after'->>'notice' from $1) as key,
            count(*)::int as effects, count(r.id)::int as audited
       from scoring.outbox o left join audit.audit_rows r on r.id = o.id
      where o.type = 'evt.scoring.scores.saved' and o.payload->'data'->'scorecard'->'after'->>'notice' ~ $1
      group by 1`,
    [load.scoreTokenPattern],
  );

  // a purchase is one checkout session carried to its end: one purchase, one event, one audit row
  const purchases = await keyed(
    db,
    `select c.provider_session_id as key, count(distinct p.id)::int as effects, count(distinct r.id)::int as audited
       from commerce.checkouts c
       join commerce.purchases p on p.checkout_id = c.id
       left join commerce.outbox o on o.type = 'evt.commerce.purchase.completed' and o.payload->'data'->>'purchaseId' = p.id::text
       left join audit.audit_rows r on r.id = o.id
      group by 1`,
    [],
  );
  const completions = outcomes.filter((o) => o.kind === 'purchase' && o.key.startsWith('complete:'));
  const sessions = [...new Set(completions.map((o) => o.key.slice('complete:'.length)))];
  const completed = new Set(completions.filter(isAcknowledged).map((o) => o.key.slice('complete:'.length)));
  const ofSession = (s: string) => purchases.get(s) ?? { effects: 0, audited: 0 };
  const purchaseOutcomes = outcomes.filter((o) => o.kind === 'purchase');
  const purchaseRow: KindRow = {
    kind: 'purchase',
    requests: purchaseOutcomes.length,
    acknowledged: purchaseOutcomes.filter(isAcknowledged).length,
    expected: completed.size,
    effects: sessions.filter((s) => ofSession(s).effects > 0).length,
    audited: sessions.filter((s) => ofSession(s).audited > 0).length,
    lost: [...completed].filter((s) => ofSession(s).effects !== 1 || ofSession(s).audited !== 1).length,
    // and no purchase for a session the load never completed twice either
    duplicated: [...purchases.values()].filter((p) => p.effects > 1 || p.audited > 1).length,
  };

  // the follow's changes: each acknowledged one made its event once (a retried one made none more).
  // Only the load's country and time: the follower's own follows of the setup are no change of the load's.
  const followEvents = (
    await db.query<{ type: string; audited: boolean }>(
      `select o.type, r.id is not null as audited
         from notifications.outbox o left join audit.audit_rows r on r.id = o.id
        where o.type in ('evt.notifications.follow.added', 'evt.notifications.follow.removed')
          and o.payload->'data'->>'userId' = $1 and o.payload->'data'->>'groupId' = $2 and o.created_at >= $3
        order by o.seq`,
      [who.followerId, who.followedGroupId, who.startedAt.toISOString()],
    )
  ).rows;
  const followOps = new Map<string, boolean>();
  for (const o of outcomes.filter((x) => x.kind === 'follow')) followOps.set(o.key, (followOps.get(o.key) ?? false) || isAcknowledged(o));
  const followsDone = [...followOps.values()].filter(Boolean).length;
  // added and removed alternate: two alike in a row would be one change made twice
  const repeated = followEvents.filter((e, i) => i > 0 && followEvents[i - 1].type === e.type).length;
  const followRow = byCount(
    'follow',
    outcomes,
    { acknowledged: followsDone, unfinished: followOps.size - followsDone },
    { effects: followEvents.length, audited: followEvents.filter((e) => e.audited).length },
  );
  // one change made twice shows both as one event too many and as two alike in a row: counted once
  followRow.duplicated = Math.max(followRow.duplicated, repeated);

  const logins = (
    await db.query<{ effects: number; audited: number }>(
      `select count(*)::int as effects, count(r.id)::int as audited
         from identity.outbox o left join audit.audit_rows r on r.id = o.id
        where o.type = 'evt.identity.user.loggedIn' and o.payload->'actor'->>'userId' = $1 and o.created_at >= $2`,
      [who.signInUserId, who.startedAt.toISOString()],
    )
  ).rows[0];
  const loginOutcomes = outcomes.filter((o) => o.kind === 'login');
  const loginRow = byCount(
    'login',
    outcomes,
    { acknowledged: loginOutcomes.filter(isAcknowledged).length, unfinished: loginOutcomes.filter((o) => !isAcknowledged(o)).length },
    logins,
  );

  const rows = [byToken('answer save', outcomes, answerEffects), byToken('score save', outcomes, scores), followRow, purchaseRow, loginRow];
  return LOAD_KINDS.map((kind) => rows.find((r) => r.kind === kind)!);
}

/** The platform's events end to end: every outbox row published once, recorded by audit once; every consumer caught up. */
export interface EventLedger {
  /** Rows written to the outboxes of every service. */
  written: number;
  /** Rows not yet published. */
  unsent: number;
  /** Messages the stream holds. */
  inStream: number;
  /** Events audit should record (every service's but its own entries) and those without their row. */
  toAudit: number;
  unaudited: number;
  /** Audit rows beyond the events they record (a row twice, or of an event nobody wrote). */
  extraAuditRows: number;
}

export async function eventLedger(db: pg.Client, streamMessages: number): Promise<EventLedger> {
  let written = 0;
  let unsent = 0;
  let toAudit = 0;
  let unaudited = 0;
  for (const schema of OUTBOX_SCHEMAS) {
    const own = schema === 'audit' ? AUDIT_OWN_EVENTS : [];
    const row = (
      await db.query<{ written: number; unsent: number; audited: number; unaudited: number }>(
        `select count(*)::int as written,
                count(*) filter (where o.sent_at is null)::int as unsent,
                count(*) filter (where not (o.type = any($1)))::int as audited,
                count(*) filter (where not (o.type = any($1)) and r.id is null)::int as unaudited
           from ${schema}.outbox o left join audit.audit_rows r on r.id = o.id`,
        [own],
      )
    ).rows[0];
    written += row.written;
    unsent += row.unsent;
    toAudit += row.audited;
    unaudited += row.unaudited;
  }
  const auditRows = count((await db.query<{ n: number }>('select count(*)::int as n from audit.audit_rows')).rows);
  return { written, unsent, inStream: streamMessages, toAudit, unaudited, extraAuditRows: Math.max(0, auditRows - (toAudit - unaudited)) };
}

/** Alerts and digests: each alert e-mailed at most once, each e-mail handed to identity's mail once. */
export interface AlertLedger {
  alerts: number;
  /** Alerts still waiting for their e-mail (or claimed and not sent). */
  unsent: number;
  /** An alert for one user and change twice. */
  duplicateAlerts: number;
  immediateMails: number;
  /** Sent deliveries with no mail, or more than one, in identity's mail queue. */
  mailsNotOnce: number;
  digestUsers: number;
  /** Daily digests sent since the digest hour came, per digest user: each 1. */
  digestsPerUser: Map<string, number>;
}

export async function alertLedger(db: pg.Client, digestUserIds: string[], digestHourAt: Date): Promise<AlertLedger> {
  const one = async (query: string, values: unknown[] = []) => count((await db.query<{ n: number }>(query, values)).rows);
  const digests = await db.query<{ userId: string; n: number }>(
    `select user_id as "userId", count(*)::int as n from notifications.deliveries
      where mode = 'daily' and status = 'sent' and created_at >= $2 and user_id = any($1) group by 1`,
    [digestUserIds, digestHourAt.toISOString()],
  );
  return {
    alerts: await one('select count(*)::int as n from notifications.alerts'),
    unsent: await one(
      `select count(*)::int as n from notifications.alerts a join notifications.user_settings s on s.user_id = a.user_id
        where s.email_mode = 'immediate' and a.email_state in ('pending', 'sending')`,
    ),
    duplicateAlerts: await one(
      'select count(*)::int as n from (select 1 from notifications.alerts group by user_id, change_id having count(*) > 1) d',
    ),
    immediateMails: await one(`select count(*)::int as n from notifications.deliveries where mode = 'immediate' and status = 'sent'`),
    mailsNotOnce: await one(
      `select count(*)::int as n from notifications.deliveries d
        where d.status = 'sent' and (select count(*) from identity.mail_messages m where m.idempotency_key = d.id::text) <> 1`,
    ),
    digestUsers: digestUserIds.length,
    digestsPerUser: new Map(digestUserIds.map((id) => [id, digests.rows.find((r) => r.userId === id)?.n ?? 0])),
  };
}

/** Client connections to the application database right now (every service's pools and listeners, and this suite's). */
export async function databaseConnections(db: pg.Client): Promise<number> {
  return count(
    (
      await db.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`,
      )
    ).rows,
  );
}
