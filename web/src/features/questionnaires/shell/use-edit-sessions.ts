import { useEffect, useRef, useState, useSyncExternalStore } from 'react';

import type { QuestionnaireInfo } from '@cti/contracts';

import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectToken, selectUser } from '../../auth/auth-slice';
import { createConsentSession } from '../drafts/consent-session';
import { browserDrafts } from '../drafts/draft-store';
import type { EditSession, EditState, ServerView } from '../drafts/edit-session';
import { createNoteSession } from '../drafts/note-session';
import { SectionSession, type SectionView } from '../drafts/section-session';
import { tabLockId } from '../drafts/tab-lock-id';
import { questionnaireApi, useQuestionnaireChangesQuery } from '../questionnaire-api';

import { beaconUnlock, gatewaySectionCalls, queryReply, questionnaireIsOpen, releaseSectionLock, replyOf } from './section-calls';

/** How often an open section renews its lock (the service lets it lapse after 90 s). */
export const LOCK_RENEW_MS = 30_000;

const EMPTY: EditState<never> = {
  phase: 'loading',
  failure: null,
  view: null,
  mine: {},
  offer: null,
  conflict: null,
  confirm: null,
  saving: false,
  held: false,
  signedOut: false,
  lost: null,
};
const noSubscription = () => () => undefined;

/**
 * An edit session for the life of the component, and its state. The session is made in an
 * effect (not while rendering), so React's development double mount disposes the first one.
 * What is typed is written to the draft store when the tab is hidden and when the page goes.
 */
function useEditSession<V extends ServerView, S extends EditSession<V>>(
  make: (() => S) | null,
  deps: readonly unknown[],
  onDispose?: (session: S) => void,
): { session: S | null; state: EditState<V> } {
  const [session, setSession] = useState<S | null>(null);
  const latest = useRef({ make, onDispose });
  latest.current = { make, onDispose };
  useEffect(() => {
    const made = latest.current.make?.() ?? null;
    if (!made) return;
    setSession(made);
    void made.open();
    const onHidden = () => {
      if (document.visibilityState === 'hidden') void made.flush();
    };
    const onPageHide = () => void made.flush();
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onPageHide);
      void made.dispose();
      latest.current.onDispose?.(made);
      setSession((current) => (current === made ? null : current));
    };
    // the session is made anew only when what it edits changes
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deps name what the session edits
  }, deps);
  const state = useSyncExternalStore(session?.subscribe ?? noSubscription, session?.getState ?? (() => EMPTY as EditState<V>));
  return { session, state };
}

/**
 * The section page's session: it loads the section with this tab's lock id, renews the lock,
 * follows the questionnaire's change stream (answers and locks of this section, the status)
 * and releases this tab's lock when the page goes.
 */
export function useSectionSession(info: QuestionnaireInfo, sectionId: number) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const token = useAppSelector(selectToken);
  const tokenRef = useRef(token);
  tokenRef.current = token;
  const questionnaireId = info.QuestionnaireId;
  const userId = user?.Id ?? '';
  const lockId = tabLockId();
  const { session, state } = useEditSession<SectionView, SectionSession>(
    userId
      ? () =>
          new SectionSession({
            calls: gatewaySectionCalls(dispatch),
            drafts: browserDrafts,
            ids: { userId, questionnaireId, groupId: info.GroupId, sectionId, lockId },
          })
      : null,
    [userId, questionnaireId, sectionId, lockId],
    () => void releaseSectionLock(dispatch, { questionnaireId, sectionId, lockId }),
  );

  // the tab closes or reloads: its lock of the section goes by beacon (the draft was written on pagehide)
  useEffect(() => {
    const onPageHide = () => beaconUnlock(tokenRef.current, { questionnaireId, sectionId, lockId });
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [questionnaireId, sectionId, lockId]);

  // the lock is renewed while the page is open; a renewal that finds it lost turns the page read-only
  const ready = state.phase === 'ready' && !!state.view?.open;
  useEffect(() => {
    if (!session || !ready) return;
    const timer = window.setInterval(() => void session.renewLock(), LOCK_RENEW_MS);
    return () => window.clearInterval(timer);
  }, [session, ready]);

  // the questionnaire closed or reopened (Submit As Final, an admin): read-only, or editable again
  const open = info.Status === 'Open';
  useEffect(() => {
    if (!session || session.getState().phase !== 'ready') return;
    const was = session.getState().view?.open;
    session.statusChanged(open);
    if (open && was === false) void session.refresh();
  }, [session, open]);

  // what other pages did to this section: a newer version of its answers, a lock taken or released
  const { data: changes } = useQuestionnaireChangesQuery(questionnaireId);
  const change = changes?.sections[sectionId];
  const changeSeq = change?.seq;
  useEffect(() => {
    if (!session || !change || session.getState().phase !== 'ready') return;
    const view = session.getState().view!;
    if (change.kind === 'lock') {
      // a release of the lock this tab holds is this tab's own (Exit, leaving the section): renewing it
      // then would take the section again after the release and hold it from everyone until it lapses
      if (view.lock.holder !== 'this-tab') void session.refresh();
      else if (change.locked !== false) void session.renewLock();
    } else if (change.kind === 'answers' && (change.version === null || view.version === null || change.version > view.version)) {
      void session.refresh();
    }
    // only a new change of the section (its seq) matters
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `change` is read at its seq
  }, [session, changeSeq]);

  // a page loaded before the change stream (re)connected may have missed a change in between
  const connectedAt = changes?.connectedAt ?? null;
  useEffect(() => {
    if (session && connectedAt !== null && session.getState().phase === 'ready') void session.refresh();
  }, [session, connectedAt]);

  return { session, state, lockId };
}

/** The admin notes of a section, for an admin: a draft like any answer, saved with its version. */
export function useNoteSession(info: QuestionnaireInfo, sectionId: number, enabled: boolean) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const userId = user?.Id ?? '';
  const questionnaireId = info.QuestionnaireId;
  const endpoints = questionnaireApi.endpoints;
  const result = useEditSession(
    enabled && userId
      ? () =>
          createNoteSession({
            calls: {
              load: () => queryReply(dispatch(endpoints.adminComment.initiate({ questionnaireId, sectionId }, { forceRefetch: true }))),
              save: async (comment, version) => {
                const saving = dispatch(
                  endpoints.saveAdminComment.initiate({
                    questionnaireId,
                    sectionId,
                    comment,
                    ...(version !== null ? { Version: version } : {}),
                  }),
                );
                const reply = replyOf(await saving);
                saving.reset();
                return reply;
              },
              isOpen: () => questionnaireIsOpen(dispatch, questionnaireId),
            },
            drafts: browserDrafts,
            userId,
            questionnaireId,
            sectionId,
          })
      : null,
    [enabled, userId, questionnaireId, sectionId],
  );
  const { session } = result;
  const open = info.Status === 'Open';
  useEffect(() => {
    session?.statusChanged(open);
  }, [session, open]);
  // another admin saved the notes: shown, while what is typed here stays (a save compares)
  const { data: changes } = useQuestionnaireChangesQuery(questionnaireId);
  const change = changes?.sections[sectionId];
  const noteSeq = change?.kind === 'note' ? change.seq : undefined;
  useEffect(() => {
    if (session && noteSeq !== undefined && session.getState().phase === 'ready') void session.refresh();
  }, [session, noteSeq]);
  return result;
}

/** The respondent's consent: the choice is kept as a draft until submitted. */
export function useConsentSession(info: QuestionnaireInfo, enabled: boolean) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const userId = user?.Id ?? '';
  const questionnaireId = info.QuestionnaireId;
  const endpoints = questionnaireApi.endpoints;
  const result = useEditSession(
    enabled && userId
      ? () =>
          createConsentSession({
            calls: {
              load: () =>
                queryReply(
                  dispatch(endpoints.consentAnswer.initiate({ QuestionnaireId: questionnaireId, UserId: userId }, { forceRefetch: true })),
                ),
              save: async (answer) => {
                const giving = dispatch(
                  endpoints.giveConsent.initiate({ QuestionnaireId: questionnaireId, UserId: userId, Answer: answer }),
                );
                const reply = replyOf(await giving);
                giving.reset();
                return reply;
              },
              isOpen: () => questionnaireIsOpen(dispatch, questionnaireId),
            },
            drafts: browserDrafts,
            userId,
            questionnaireId,
          })
      : null,
    [enabled, userId, questionnaireId],
  );
  const { session } = result;
  const open = info.Status === 'Open';
  useEffect(() => {
    session?.statusChanged(open);
  }, [session, open]);
  return result;
}
