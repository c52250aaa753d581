import fs from 'node:fs';

import autocannon from 'autocannon';

import type { QuestionnaireListRow, QuestionsAnswer } from '@cti/contracts';

import { consumersCaughtUp, eventBusOf, signIn, sleep, type RunningStack } from './platform';

/**
 * The capacity figures of infra/README.md (`ONLY=capacity make bench`): the read path (a reader's
 * index list) and the save path (a respondent's section save, with everything it sets off: its
 * event relayed, audited into the chain, projected) through one replica of everything, closed loop.
 * Requests a second on a shared machine say little, so the CPU each process spends per request is
 * measured too (Postgres: every backend): one core's worth of that process serves
 * 1000 ÷ (CPU ms per request) requests a second, which is what one replica (one core) holds.
 */
export interface PathCapacity {
  path: string;
  requests: number;
  requestsPerSecond: number;
  failures: number;
  /** CPU ms per request, per process (services by name, `postgres` for all its backends, `nats`). */
  cpuMsPerRequest: Record<string, number>;
}

/** CPU ms used so far by a process and everything it started (Postgres' backends are its children). */
function treeCpuMs(root: number): number {
  const stats = new Map<number, { ppid: number; ms: number }>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
      stats.set(Number(entry), { ppid: Number(fields[1]), ms: (Number(fields[11]) + Number(fields[12])) * 10 });
    } catch {
      // gone meanwhile
    }
  }
  let total = 0;
  const queue = [root];
  while (queue.length) {
    const pid = queue.pop()!;
    total += stats.get(pid)?.ms ?? 0;
    for (const [child, s] of stats) if (s.ppid === pid) queue.push(child);
  }
  return total;
}

/** Every process of the stack by name (Postgres, NATS, the services, the gateway), with its pid. */
const processPids = (stack: RunningStack) => new Map(stack.processes().flatMap((p) => (p.pid ? [[p.name, p.pid] as const] : [])));

/** CPU ms per process over `work` (which answers how long it ran). */
async function cpuOver(pids: Map<string, number>, work: () => Promise<number>): Promise<{ ms: Map<string, number>; seconds: number }> {
  const before = new Map([...pids].map(([name, pid]) => [name, treeCpuMs(pid)]));
  const seconds = await work();
  return { ms: new Map([...pids].map(([name, pid]) => [name, treeCpuMs(pid) - before.get(name)!])), seconds };
}

/**
 * Runs `work`, then waits until every consumer caught up (the save's asynchronous share), and divides
 * each process's CPU, less what it spends idle in as long (timers, polls, heartbeats), by the requests.
 */
async function measured(
  stack: RunningStack,
  path: string,
  work: () => Promise<{ requests: number; seconds: number; failures: number }>,
): Promise<PathCapacity> {
  const pids = processPids(stack);
  let result = { requests: 0, seconds: 0, failures: 0 };
  const busy = await cpuOver(pids, async () => {
    const began = Date.now();
    result = await work();
    const bus = await eventBusOf(stack);
    await consumersCaughtUp(bus);
    await bus.close();
    await sleep(1000);
    return (Date.now() - began) / 1000;
  });
  const idle = await cpuOver(pids, async () => {
    await sleep(Math.min(30, busy.seconds) * 1000);
    return Math.min(30, busy.seconds);
  });
  const cpuMsPerRequest: Record<string, number> = {};
  for (const name of pids.keys()) {
    const idleMs = (idle.ms.get(name)! / idle.seconds) * busy.seconds;
    const ms = (busy.ms.get(name)! - idleMs) / Math.max(1, result.requests);
    if (ms >= 0.05) cpuMsPerRequest[name] = Number(ms.toFixed(2));
  }
  return {
    path,
    requests: result.requests,
    requestsPerSecond: Math.round(result.requests / result.seconds),
    failures: result.failures,
    cpuMsPerRequest,
  };
}

const load = (options: autocannon.Options) =>
  new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(options, (err, result) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(result))),
  );

export async function capacity(stack: RunningStack, seconds: number): Promise<PathCapacity[]> {
  const reader = await signIn(stack.url, 'standard@example.com');
  const readUrl = `${stack.url}/api/group/index/list`;
  const readHeaders = { authorization: `Bearer ${reader.Token}`, 'accept-encoding': 'gzip' };
  await load({ url: readUrl, headers: readHeaders, duration: 2, connections: 16 }); // warm-up
  const read = await measured(stack, 'read: GET /api/group/index/list (a reader, gzip)', async () => {
    const r = await load({ url: readUrl, headers: readHeaders, duration: seconds, connections: 16 });
    return { requests: r.requests.total, seconds, failures: r.non2xx + r.errors + r.timeouts };
  });

  // the save path: the demo respondent's section save, one answer alternating (every save changes something)
  const respondent = await signIn(stack.url, 'respondent@example.com');
  const auth = { authorization: `Bearer ${respondent.Token}`, 'content-type': 'application/json' };
  const [questionnaire] = (await (await fetch(`${stack.url}/api/questionnaire/open`, { headers: auth })).json()) as QuestionnaireListRow[];
  const sectionId = 18;
  const section = (await (
    await fetch(`${stack.url}/api/questionnaire/questions`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ SectionId: sectionId, GroupId: questionnaire.GroupId, QuestionnaireId: questionnaire.QuestionnaireId }),
    })
  ).json()) as QuestionsAnswer;
  if (!section.IsLocker) throw new Error(`section ${sectionId} is locked by ${section.Locker}`);
  const questions = section.Questions.map((q) => ({ Id: q.Id, Model: q.Model }));
  const saveUrl = `${stack.url}/api/questionnaire/save/${questionnaire.QuestionnaireId}/${respondent.Id}`;
  let n = 0;
  const bodyOf = () => JSON.stringify(questions.map((q) => (q.Id === `${sectionId}.1` ? { ...q, Model: 7 + (n++ % 2) } : q)));
  const saveLoad = (duration: number) =>
    load({
      url: saveUrl,
      method: 'POST',
      headers: auth,
      duration,
      connections: 4,
      requests: [{ setupRequest: (req) => ({ ...req, body: bodyOf() }) }],
    });
  await saveLoad(2);
  const save = await measured(stack, 'save: POST /api/questionnaire/save (a section, one answer changed)', async () => {
    const r = await saveLoad(seconds);
    return { requests: r.requests.total, seconds, failures: r.non2xx + r.errors + r.timeouts };
  });
  await fetch(`${stack.url}/api/questionnaire/unlock?questionnaireId=${questionnaire.QuestionnaireId}&sectionId=${sectionId}`, {
    headers: auth,
  }).catch(() => undefined);
  return [read, save];
}

/** What the stream holds per event (JetStream's bytes over its messages): NATS storage per event, per replica of the stream. */
export async function streamBytesPerEvent(stack: RunningStack): Promise<{ messages: number; bytes: number }> {
  const bus = await eventBusOf(stack);
  try {
    const info = await bus.jsm.streams.info(bus.subjects.stream);
    return { messages: info.state.messages, bytes: info.state.bytes };
  } finally {
    await bus.close();
  }
}
