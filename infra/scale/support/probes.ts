import type { GroupIndexRow, QuestionnaireChange } from '@cti/contracts';

import { call, type Session } from './platform-load';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Read-your-writes across gateway replicas: a score saved through gateway A, then the index
 * list read through gateway B (which keeps the list it answered a moment before) until it shows
 * the new score. Answers the milliseconds from the save's answer to the first read that shows it.
 */
export async function visibleAcrossGateways(options: {
  gatewayA: string;
  gatewayB: string;
  admin: Session;
  reader: Session;
  /** A country no other request of the load scores, its questionnaire's scoring record. */
  record: Record<string, unknown> & { GroupId: string };
  value: number;
  ceilingMs?: number;
}): Promise<{ ms: number | null; status: number | string }> {
  const { gatewayA, gatewayB, admin, reader, record } = options;
  const scoreOn = async (url: string) => {
    const answer = await call(url, 'GET', '/api/group/index/list', { token: reader.token });
    const rows = Array.isArray(answer.body) ? (answer.body as GroupIndexRow[]) : [];
    return rows.find((r) => r.GroupId === record.GroupId)?.Score ?? null;
  };
  // B keeps the list as it is now
  await scoreOn(gatewayB);
  const saved = await call(gatewayA, 'POST', '/api/questionnaire/save', {
    token: admin.token,
    body: { ...record, A: options.value, B: options.value, C: options.value, D: options.value, E: options.value, F: options.value },
  });
  if (saved.status !== 200) return { ms: null, status: saved.status };
  const savedAt = Date.now();
  const score = (saved.body as { Score: number }).Score;
  const deadline = savedAt + (options.ceilingMs ?? 10_000);
  while (Date.now() < deadline) {
    if ((await scoreOn(gatewayB)) === score) return { ms: Date.now() - savedAt, status: 200 };
    await pause(10);
  }
  return { ms: null, status: 200 };
}

/** A section page's change stream held on one replica: the changes heard, each with when it came. */
export async function followPage(replicaUrl: string, questionnaireId: string, token: string) {
  const controller = new AbortController();
  const res = await fetch(`${replicaUrl}/api/questionnaire/live/${questionnaireId}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  if (res.status !== 200 || !res.body) throw new Error(`the change stream answered ${res.status}`);
  const page = { changes: [] as Array<QuestionnaireChange & { at: number }>, ended: false, close: () => controller.abort() };
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    let text = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
        const blocks = text.split('\n\n');
        text = blocks.pop()!;
        for (const block of blocks) {
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (block.includes('event: change') && data)
            page.changes.push({ ...(JSON.parse(data.slice(6)) as QuestionnaireChange), at: Date.now() });
        }
      }
    } catch {
      // closed by the probe, or cut
    }
    page.ended = true;
  })();
  return page;
}

export interface LiveSample {
  /** Milliseconds from sending the lock release (to replica 1) to the page (on replica 2) hearing it; null: never within the ceiling. */
  lockReleaseMs: number | null;
  approvalMs: number | null;
  approvalStatus: number | string;
}

/**
 * A section page connected to questionnaire replica 2 while the other firm's respondent, on
 * replica 1, opens a section (its lock), leaves it (the lock is released) and approves the
 * questionnaire: the page must hear the release and the approval.
 */
export async function liveChangesAcrossReplicas(options: {
  replica1: string;
  replica2: string;
  questionnaireId: string;
  groupId: string;
  sectionId: number;
  viewer: Session;
  actor: Session;
  ceilingMs?: number;
}): Promise<LiveSample> {
  const { replica1, replica2, questionnaireId, groupId, sectionId, viewer, actor } = options;
  const ceiling = options.ceilingMs ?? 10_000;
  const page = await followPage(replica2, questionnaireId, viewer.token);
  const heard = async (since: number, match: (c: QuestionnaireChange) => boolean) => {
    const deadline = since + ceiling;
    while (Date.now() < deadline) {
      const change = page.changes.find((c) => c.at >= since && match(c));
      if (change) return change.at - since;
      await pause(10);
    }
    return null;
  };
  try {
    const opened = Date.now();
    const open = await call(replica1, 'POST', '/api/questionnaire/questions', {
      token: actor.token,
      body: { SectionId: sectionId, GroupId: groupId, QuestionnaireId: questionnaireId },
    });
    if (open.status !== 200) throw new Error(`opening the section on replica 1 answered ${open.status}`);
    await heard(opened, (c) => c.kind === 'lock' && c.sectionId === sectionId);

    // measured from when each request is sent: the change may reach the page before its answer reaches the caller
    const releasing = Date.now();
    const release = await call(replica1, 'GET', `/api/questionnaire/unlock?questionnaireId=${questionnaireId}&sectionId=${sectionId}`, {
      token: actor.token,
    });
    if (release.status !== 200) throw new Error(`the lock release on replica 1 answered ${release.status}`);
    const lockReleaseMs = await heard(releasing, (c) => c.kind === 'lock' && c.sectionId === sectionId);

    const approving = Date.now();
    const approve = await call(replica1, 'POST', '/api/finalize', { token: actor.token, body: { questionnaireId, userId: actor.userId } });
    const approvalMs = approve.status === 200 ? await heard(approving, (c) => c.kind === 'approval') : null;
    return { lockReleaseMs, approvalMs, approvalStatus: approve.status };
  } finally {
    page.close();
  }
}
