import { useEffect, useRef } from 'react';

import type { QuestionsBody, UnlockBeacon } from '@cti/contracts';

import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import type { AppDispatch, RootState } from '../../../app/store';
import { selectToken } from '../../auth/auth-slice';
import { questionnaireApi, useRenewLockMutation, useUnlockMutation } from '../questionnaire-api';

/** How often an open section renews its lock (the service lets it lapse after 90 s). */
export const LOCK_RENEW_MS = 30_000;

/** Releases the user's locks while the page unloads: sendBeacon cannot carry headers, so the token rides in the body. */
export function beaconUnlock(token: string | null, scope: { questionnaireId?: string; sectionId?: number } = {}) {
  if (!token || typeof navigator.sendBeacon !== 'function') return;
  const beacon: UnlockBeacon = { token, ...scope };
  navigator.sendBeacon('/api/questionnaire/unlock', JSON.stringify(beacon));
}

/**
 * What leaving a section's page does with its lock: releases it whenever the page's load
 * made the caller the locker. That includes a load still running when the page goes (the
 * service granted the lock to a page that no longer exists, and nothing else would release
 * it before it lapses) and a load that answered a moment before the page went, before the
 * page could show its answer. A running load is held on to until it answers (RTK Query
 * would drop and abort an unused one, but the service has the request by then), so the
 * release cannot overtake it. Only the caller's own lock is ever released.
 */
export function releaseLockOnLeave(load: QuestionsBody) {
  return (dispatch: AppDispatch, getState: () => RootState) => {
    const release = () =>
      dispatch(questionnaireApi.endpoints.unlock.initiate({ questionnaireId: load.QuestionnaireId, sectionId: load.SectionId }));
    if (!dispatch(questionnaireApi.util.getRunningQueryThunk('sectionQuestions', load))) {
      const answered = questionnaireApi.endpoints.sectionQuestions.select(load)(getState()).data;
      if (answered?.IsLocker) void release();
      return;
    }
    // joins the running load (a pending query is never sent twice) and keeps its cache entry alive
    const held = dispatch(questionnaireApi.endpoints.sectionQuestions.initiate(load));
    void held
      .unwrap()
      .then(async (answer) => {
        if (answer.IsLocker) await release();
      })
      .catch(() => undefined)
      .finally(() => held.unsubscribe());
  };
}

/**
 * Keeps a section's lock while the page is open: renews it, notices when it was
 * lost or became free (`onLockChanged` reloads the section), releases it when the
 * section is left (`releaseLockOnLeave`), when the questionnaire closes under the page,
 * or when the tab is closed.
 */
export function useSectionLock(options: { load: QuestionsBody; open: boolean; loaded: boolean; isLocker: boolean; onLockChanged(): void }) {
  const { load, open, loaded, isLocker, onLockChanged } = options;
  const { QuestionnaireId: questionnaireId, SectionId: sectionId, GroupId: groupId } = load;
  const dispatch = useAppDispatch();
  const [renew] = useRenewLockMutation();
  const [unlock] = useUnlockMutation();
  const token = useAppSelector(selectToken);
  const latest = useRef({ isLocker, onLockChanged, token });
  latest.current = { isLocker, onLockChanged, token };
  const enabled = open && loaded;

  useEffect(() => {
    if (!enabled) return;
    const timer = window.setInterval(() => {
      void (async () => {
        const result = await renew({ QuestionnaireId: questionnaireId, SectionId: sectionId });
        if ('data' in result && result.data && result.data.IsLocker !== latest.current.isLocker) latest.current.onLockChanged();
      })();
    }, LOCK_RENEW_MS);
    const onPageHide = () => beaconUnlock(latest.current.token, { questionnaireId, sectionId });
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [enabled, questionnaireId, sectionId, renew]);

  // the questionnaire was closed while this page held the section: nobody edits it now
  const heldWhileOpen = useRef(false);
  useEffect(() => {
    if (open) heldWhileOpen.current = isLocker;
    else if (heldWhileOpen.current) {
      heldWhileOpen.current = false;
      void unlock({ questionnaireId, sectionId });
    }
  }, [open, isLocker, questionnaireId, sectionId, unlock]);

  // the page is keyed by its section: this cleanup runs when the section is left
  useEffect(
    () => () => {
      dispatch(releaseLockOnLeave({ QuestionnaireId: questionnaireId, SectionId: sectionId, GroupId: groupId }));
    },
    [dispatch, questionnaireId, sectionId, groupId],
  );
}
