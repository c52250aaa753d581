import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

import type { UnlockBeacon } from '@cti/contracts';

import type { AppDispatch } from '../../../app/store';
import type { Reply, SectionCalls } from '../drafts/section-session';
import { questionnaireApi } from '../questionnaire-api';

/** An api slice call's result (a query's or a mutation's). */
interface Result {
  data?: unknown;
  error?: FetchBaseQueryError | SerializedError;
}

/** An api slice result as the section session reads it: a status (0: no answer) and a body. */
export function replyOf(result: Result): Reply {
  const error = result.error;
  // a result with neither data nor error is a query whose cache entry was dropped: no answer
  if (error === undefined)
    return result.data === undefined ? { status: 0, body: { message: 'No answer arrived.' } } : { status: 200, body: result.data };
  if ('status' in error) return { status: typeof error.status === 'number' ? error.status : 0, body: 'data' in error ? error.data : null };
  return { status: 0, body: { message: error.message } };
}

/** A query as dispatching its `initiate` gives it: its answer once read, and its hold on the cache entry. */
type AskedQuery = PromiseLike<Result> & { unsubscribe(): void };

/**
 * Asks a query once and reads its answer as a reply. The call holds the query's cache entry while
 * it is on its way and lets go once the answer is read: an entry no one holds is dropped (at once
 * for the endpoints kept 0 s, aborting a second load of the same section on its way; or when a
 * save invalidates it), and its answer would then read as nothing, neither data nor error.
 */
export async function queryReply(asked: AskedQuery): Promise<Reply> {
  try {
    return replyOf(await asked);
  } finally {
    asked.unsubscribe();
  }
}

const sectionKey = (questionnaireId: string, sectionId: number) => `${questionnaireId}\u0000${sectionId}`;

/**
 * Loads and renewals of a section still on their way. A load or renewal takes the lock when
 * it is free, so one the service handles after the page's release would take the section
 * again and hold it from everyone until it lapses: the release waits for them.
 */
const onTheirWay = new Map<string, Set<Promise<unknown>>>();
/** Releases on their way: a page opening the same section again waits for them (else the release would drop its new lock). */
const releases = new Map<string, Promise<void>>();

function tracked<T>(key: string, call: Promise<T>): Promise<T> {
  const calls = onTheirWay.get(key) ?? new Set<Promise<unknown>>();
  onTheirWay.set(key, calls);
  calls.add(call);
  void call.finally(() => {
    calls.delete(call);
    if (!calls.size && onTheirWay.get(key) === calls) onTheirWay.delete(key);
  });
  return call;
}

/** Whether a questionnaire takes changes (its status is Open), or the reply that could not say. */
export async function questionnaireIsOpen(dispatch: AppDispatch, questionnaireId: string): Promise<boolean | Reply> {
  const reply = await queryReply(dispatch(questionnaireApi.endpoints.questionnaireInfo.initiate(questionnaireId)));
  return reply.status === 200 ? (reply.body as { Status: string }).Status === 'Open' : reply;
}

/** The section page's gateway calls, through the app's api slice (which renews an expired session once). */
export function gatewaySectionCalls(dispatch: AppDispatch): SectionCalls {
  const endpoints = questionnaireApi.endpoints;
  return {
    async load(body) {
      const key = sectionKey(body.QuestionnaireId, body.SectionId);
      await releases.get(key);
      return tracked(key, queryReply(dispatch(endpoints.sectionQuestions.initiate(body, { forceRefetch: true }))));
    },
    async save(questionnaireId, userId, query, questions) {
      const saving = dispatch(endpoints.saveSection.initiate({ questionnaireId, userId, query, questions }));
      const reply = replyOf(await saving);
      saving.reset();
      return reply;
    },
    async renewLock(body) {
      const renewal = dispatch(endpoints.renewLock.initiate(body));
      const reply = await tracked(sectionKey(body.QuestionnaireId, body.SectionId), renewal.then(replyOf));
      renewal.reset(); // a renewal's answer is read here; it need not stay in the store
      return reply;
    },
    isOpen: (questionnaireId) => questionnaireIsOpen(dispatch, questionnaireId),
    async ideraDeclaration(questionnaireId) {
      const reply = await queryReply(dispatch(endpoints.ideraDeclaration.initiate(questionnaireId, { forceRefetch: true })));
      return reply.status === 200 ? (reply.body as boolean) : reply;
    },
  };
}

/**
 * Releases this tab's lock of a section as its page goes, once the section's loads and
 * renewals on their way are answered (the release must not overtake one that takes the lock).
 * Only this tab's lock goes: the user's other tabs keep theirs.
 */
export function releaseSectionLock(
  dispatch: AppDispatch,
  scope: { questionnaireId: string; sectionId: number; lockId: string },
): Promise<void> {
  const key = sectionKey(scope.questionnaireId, scope.sectionId);
  const release = (async () => {
    await Promise.allSettled([...(onTheirWay.get(key) ?? [])]);
    const unlock = dispatch(questionnaireApi.endpoints.unlock.initiate(scope));
    await unlock;
    unlock.reset();
  })();
  releases.set(key, release);
  void release.finally(() => {
    if (releases.get(key) === release) releases.delete(key);
  });
  return release;
}

/** Releases this tab's locks while the page unloads: sendBeacon cannot carry headers, so the token rides in the body. */
export function beaconUnlock(token: string | null, scope: Omit<UnlockBeacon, 'token'>) {
  if (!token || typeof navigator.sendBeacon !== 'function') return;
  const beacon: UnlockBeacon = { token, ...scope };
  navigator.sendBeacon('/api/questionnaire/unlock', JSON.stringify(beacon));
}
