import { useEffect, useRef } from 'react';

import type { UnlockBeacon } from '@cti/contracts';

import { useAppSelector } from '../../../app/hooks';
import { selectToken } from '../../auth/auth-slice';
import { useRenewLockMutation, useUnlockMutation } from '../questionnaire-api';

/** How often an open section renews its lock (the service lets it lapse after 90 s). */
export const LOCK_RENEW_MS = 30_000;

/** Releases the user's locks while the page unloads: sendBeacon cannot carry headers, so the token rides in the body. */
export function beaconUnlock(token: string | null, scope: { questionnaireId?: string; sectionId?: number } = {}) {
  if (!token || typeof navigator.sendBeacon !== 'function') return;
  const beacon: UnlockBeacon = { token, ...scope };
  navigator.sendBeacon('/api/questionnaire/unlock', JSON.stringify(beacon));
}

/**
 * Keeps a section's lock while the page is open: renews it, notices when it was
 * lost or became free (`onLockChanged` reloads the section), and releases it when
 * the section is left or the tab is closed.
 */
export function useSectionLock(options: {
  questionnaireId: string;
  sectionId: number;
  enabled: boolean;
  isLocker: boolean;
  onLockChanged(): void;
}) {
  const { questionnaireId, sectionId, enabled, isLocker, onLockChanged } = options;
  const [renew] = useRenewLockMutation();
  const [unlock] = useUnlockMutation();
  const token = useAppSelector(selectToken);
  const latest = useRef({ isLocker, onLockChanged, token });
  latest.current = { isLocker, onLockChanged, token };

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
      // leaving the section releases it (only the caller's own lock is ever released)
      void unlock({ questionnaireId, sectionId });
    };
  }, [enabled, questionnaireId, sectionId, renew, unlock]);
}
