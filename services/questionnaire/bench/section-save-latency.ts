/**
 * Section save latency through the gateway (target: p95 ≤ 50 ms).
 *
 * A benchmark, not a test: run it against a running stack with demo data
 * (`make start`, or PORT=… node infra/dev/dist/start.js), e.g.
 *   BENCH_BASE_URL=http://localhost:8080 npm run bench:save -w @cti/questionnaire
 * It signs in as the demo respondent, opens a section of Ireland's current
 * questionnaire (taking its lock, as the page does) and saves it SAVES times,
 * alternating one answer so every save changes something (one answer.saved event
 * each, approvals invalidated: the full write path). Bounded in count and time,
 * loopback only; it releases the lock when done. Exits 1 when the target is missed; with
 * BENCH_RESULT=<file> it also writes `{ value, met }` there (p95 in ms; bench/src/budgets.ts).
 */
import fs from 'node:fs';

import type { QuestionnaireListRow, QuestionsAnswer, SessionUser } from '@cti/contracts';

const BASE = (process.env.BENCH_BASE_URL ?? 'http://localhost:8080').replace(/\/$/, '');
const SAVES = Number(process.env.BENCH_SAVES ?? 300);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 30);
const TARGET_P95_MS = 50;
const DEADLINE_MS = 5 * 60_000;

async function call<T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<T> {
  const res = await fetch(`${BASE}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  const user = await call<SessionUser>('/api/user/login', {
    body: { Email: process.env.BENCH_EMAIL ?? 'respondent@example.com', Password: process.env.BENCH_PASSWORD ?? 'demo-password' },
  });
  const token = user.Token;
  const [questionnaire] = await call<QuestionnaireListRow[]>('/api/questionnaire/open', { token });
  if (!questionnaire) throw new Error('The respondent has no open questionnaire: run against a stack with demo data.');
  // Protectionism C (section 18): q1 is a number we can alternate
  const sectionId = 18;
  const section = await call<QuestionsAnswer>('/api/questionnaire/questions', {
    token,
    body: { SectionId: sectionId, GroupId: questionnaire.GroupId, QuestionnaireId: questionnaire.QuestionnaireId },
  });
  if (!section.IsLocker) throw new Error(`The section is locked by ${section.Locker}; try again when they have left it.`);
  const questions = section.Questions.map((q) => ({ Id: q.Id, Model: q.Model }));
  const varying = questions.find((q) => q.Id === `${sectionId}.1`)!;
  const original = varying.Model;
  const save = (value: number) => {
    varying.Model = value;
    return call(`/api/questionnaire/save/${questionnaire.QuestionnaireId}/${user.Id}`, { token, body: questions });
  };

  const started = Date.now();
  const timings: number[] = [];
  try {
    for (let i = 0; i < WARMUP + SAVES && Date.now() - started < DEADLINE_MS; i++) {
      const t0 = performance.now();
      await save(i % 2 ? 7 : 8);
      if (i >= WARMUP) timings.push(performance.now() - t0);
    }
  } finally {
    varying.Model = original;
    await call(`/api/questionnaire/save/${questionnaire.QuestionnaireId}/${user.Id}`, { token, body: questions }).catch(() => undefined);
    await call(`/api/questionnaire/unlock?questionnaireId=${questionnaire.QuestionnaireId}&sectionId=${sectionId}`, { token }).catch(
      () => undefined,
    );
  }

  const sorted = [...timings].sort((a, b) => a - b);
  const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
  const p95 = percentile(sorted, 95);
  process.stdout.write(
    [
      `Section save through ${BASE}: ${sorted.length} saves (after ${WARMUP} warm-up), ${questions.length} questions each`,
      `  p50 ${fmt(percentile(sorted, 50))}   p95 ${fmt(p95)}   p99 ${fmt(percentile(sorted, 99))}   max ${fmt(sorted.at(-1)!)}`,
      `  target p95 ≤ ${TARGET_P95_MS} ms: ${p95 <= TARGET_P95_MS ? 'met' : 'NOT met'}`,
      '',
    ].join('\n'),
  );
  if (process.env.BENCH_RESULT) fs.writeFileSync(process.env.BENCH_RESULT, JSON.stringify({ value: p95, met: p95 <= TARGET_P95_MS }));
  if (p95 > TARGET_P95_MS) process.exitCode = 1;
}

main().catch((err) => {
  process.stderr.write(`benchmark failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
