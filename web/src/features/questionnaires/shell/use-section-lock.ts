import { useEffect, useRef } from 'react';

import type { QuestionsBody, UnlockBeacon } from '@cti/contracts';

import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import type { AppDispatch, RootState } from '../../../app/store';
import { selectToken } from '../../auth/auth-slice';
import { questionnaireApi, useUnlockMutation } from '../questionnaire-api';

/** How often an open section renews its lock (the service lets it lapse after 90 s). */
export const LOCK_RENEW_MS = 30_000;

/** Releases the user's locks while the page unloads: sendBeacon cannot carry headers, so the token rides in the body. */
export function beaconUnlock(token: string | null, scope: { questionnaireId?: string; sectionId?: number } = {}) {
  if (!token || typeof navigator.sendBeacon !== 'function') return;
  const beacon: UnlockBeacon = { token, ...scope };
  navigator.sendBeacon('/api/questionnaire/unlock', JSON.stringify(beacon));
}

type SectionOf = Pick<QuestionsBody, 'QuestionnaireId' | 'SectionId'>;
const sectionKey = (section: SectionOf) => `${section.QuestionnaireId}\u0000${section.SectionId}`;

/**
 * Renewals still on their way, by section. The service renews by taking the lock when it is
 * free, so a renewal it handles after the leave's release would take the section again, and
 * hold it from everyone else until it lapses: the release waits for them.
 */
const renewalsOnTheirWay = new Map<string, Promise<unknown>>();

/** Renews the caller's lock of a section (`POST api/questionnaire/lock`), noting the renewal until it is answered. */
export function renewSectionLock(section: SectionOf) {
  return async (dispatch: AppDispatch) => {
    const key = sectionKey(section);
    const renewal = dispatch(
      questionnaireApi.endpoints.renewLock.initiate({ QuestionnaireId: section.QuestionnaireId, SectionId: section.SectionId }),
    );
    const answered: Promise<unknown> = renewal.then(() => undefined);
    renewalsOnTheirWay.set(key, answered);
    const result = await renewal;
    if (renewalsOnTheirWay.get(key) === answered) renewalsOnTheirWay.delete(key);
    renewal.reset(); // a renewal's answer is read here; it need not stay in the store
    return result;
  };
}

/**
 * What leaving a section's page does with its lock: releases it whenever the page's load
 * made the caller the locker. That includes a load still running when the page goes (the
 * service granted the lock to a page that no longer exists, and nothing else would release
 * it before it lapses) and a load that answered a moment before the page went, before the
 * page could show its answer. A running load is held on to until it answers (RTK Query
 * would drop and abort an unused one, but the service has the request by then), so the
 * release cannot overtake it; nor can it overtake a renewal on its way. Only the caller's own
 * lock is ever released.
 */
export function releaseLockOnLeave(load: QuestionsBody) {
  return (dispatch: AppDispatch, getState: () => RootState) => {
    const release = async () => {
      await renewalsOnTheirWay.get(sectionKey(load));
      await dispatch(questionnaireApi.endpoints.unlock.initiate({ questionnaireId: load.QuestionnaireId, sectionId: load.SectionId }));
    };
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
  const [unlock] = useUnlockMutation();
  const token = useAppSelector(selectToken);
  const latest = useRef({ isLocker, onLockChanged, token });
  latest.current = { isLocker, onLockChanged, token };
  const enabled = open && loaded;

  useEffect(() => {
    if (!enabled) return;
    const timer = window.setInterval(() => {
      void (async () => {
        const result = await dispatch(renewSectionLock({ QuestionnaireId: questionnaireId, SectionId: sectionId }));
        if ('data' in result && result.data && result.data.IsLocker !== latest.current.isLocker) latest.current.onLockChanged();
      })();
    }, LOCK_RENEW_MS);
    const onPageHide = () => beaconUnlock(latest.current.token, { questionnaireId, sectionId });
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [enabled, questionnaireId, sectionId, dispatch]);

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
