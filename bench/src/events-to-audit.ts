import { randomUUID } from 'node:crypto';

import pg from 'pg';

import { consumersCaughtUp, eventBusOf, percentile, sleep, type RunningStack } from './platform';

export interface EventsResult {
  events: number;
  seen: number;
  publishedPerSecond: number;
  p50: number;
  p99: number;
}

/**
 * Events published straight into the stream at `rate` for `seconds` (as identity publishes a login),
 * and the time until each one's audit row can be read (audit's consumer writes it into the hash
 * chain). Rows are looked for every 20 ms, which bounds the error of each figure. Starts on a
 * platform at rest, after a warm-up at the same rate that is not measured.
 */
export async function eventsToAudit(stack: RunningStack, rate: number, seconds: number): Promise<EventsResult> {
  const bus = await eventBusOf(stack);
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    await consumersCaughtUp(bus);
    /** Publishes `count` logins at `rate` without waiting for earlier acks (a steady rate, not a closed loop). */
    const publishSteadily = async (count: number, onPublish: (id: string) => void) => {
      const started = Date.now();
      const inFlight = new Set<Promise<unknown>>();
      for (let sent = 0; sent < count;) {
        const due = Math.min(count, Math.floor(((Date.now() - started) / 1000) * rate));
        for (; sent < due; sent++) {
          const id = randomUUID();
          const event = {
            id,
            type: 'evt.identity.user.loggedIn',
            occurredAt: new Date().toISOString(),
            actor: null,
            data: { userId: `bench-${sent % 100}`, email: `bench-${sent % 100}@example.com`, free: false },
          };
          onPublish(id);
          // a publish that fails (NATS overloaded) is an event lost, not a crash of the benchmark
          const p: Promise<unknown> = bus.js
            .publish(bus.subjects.toSubject(event.type), JSON.stringify(event), { msgID: id })
            .catch(() => undefined)
            .finally(() => inFlight.delete(p));
          inFlight.add(p);
        }
        await sleep(5);
      }
      await Promise.allSettled([...inFlight]);
      return (Date.now() - started) / 1000;
    };

    await publishSteadily(rate * 3, () => undefined);
    await consumersCaughtUp(bus);

    const published = new Map<string, number>();
    const seen = new Map<string, number>();
    let lastSeq = (await db.query<{ seq: string }>('select coalesce(max(seq), 0)::text as seq from audit.audit_rows')).rows[0].seq;
    let polling = true;
    const poller = (async () => {
      while (polling) {
        // by the index on seq and at most 500 rows a poll: a scan of the growing table at every
        // poll would take CPU from the platform measured
        const { rows } = await db.query<{ id: string; position: string }>(
          'select id, seq::text as position from audit.audit_rows where seq > $1 order by audit_rows.seq limit 500',
          [lastSeq],
        );
        const now = Date.now();
        for (const r of rows) {
          if (published.has(r.id) && !seen.has(r.id)) seen.set(r.id, now);
          lastSeq = r.position;
        }
        await sleep(20);
      }
    })();
    const total = rate * seconds;
    const sentFor = await publishSteadily(total, (id) => published.set(id, Date.now()));
    const deadline = Date.now() + 120_000;
    while (seen.size < total && Date.now() < deadline) await sleep(100);
    polling = false;
    await poller;
    const latencies = [...seen.entries()].map(([id, at]) => at - published.get(id)!).sort((a, b) => a - b);
    return {
      events: total,
      seen: seen.size,
      publishedPerSecond: total / sentFor,
      p50: percentile(latencies, 50),
      p99: latencies.length ? percentile(latencies, 99) : Infinity,
    };
  } finally {
    await db.end();
    await bus.close();
  }
}
