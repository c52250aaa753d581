import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

import { Button } from '../../../components/form/fields';
import type { LeaveReason } from '../../../lib/leave-guard';

// Every signed-in page runs the idle clock; the dialog itself loads only when it opens.
const Modal = lazy(() => import('../../../components/modal/Modal').then((m) => ({ default: m.Modal })));

/** Idle time-out and dialog time. */
export const IDLE_TIMEOUT_MS = 1_800_000;
export const IDLE_DIALOG_MS = 300_000;

const ACTIVITY = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart', 'wheel'] as const;

export interface IdleDialogProps {
  /** Idle time before the dialog opens. */
  timeoutMs?: number;
  /** How long the dialog waits for an answer. */
  dialogMs?: number;
  /** Where No, or no answer, leads (the host page supplies it). */
  redirectTo?: string;
  /** Runs before the redirect (e.g. release locks, forget the current questionnaire); nothing is saved. */
  onLeave?(): void | Promise<void>;
  /** The page keeps what is typed as drafts in this browser (the dialog says so). */
  keepsDrafts?: boolean;
  /** The page's leave guard: idling out goes through it like every other way of leaving. */
  guard?(leave: () => void | Promise<void>, reason: LeaveReason): void;
}

/**
 * "Are you still there?" after a stretch of inactivity, with a countdown in minutes.
 * Yes stays; No, or letting the countdown run out, leaves without saving.
 */
export function IdleDialog({
  timeoutMs = IDLE_TIMEOUT_MS,
  dialogMs = IDLE_DIALOG_MS,
  redirectTo = '/login',
  onLeave,
  keepsDrafts = false,
  guard,
}: IdleDialogProps) {
  const navigate = useNavigate();
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const idleTimer = useRef<number | undefined>(undefined);
  const open = deadline !== null;

  const leave = useCallback(async () => {
    setDeadline(null);
    const run = async () => {
      await onLeave?.();
      void navigate(redirectTo, { replace: true });
    };
    if (guard) guard(run, 'idle');
    else await run();
  }, [navigate, onLeave, redirectTo, guard]);

  const restart = useCallback(() => {
    window.clearTimeout(idleTimer.current);
    idleTimer.current = window.setTimeout(() => {
      setNow(Date.now());
      setDeadline(Date.now() + dialogMs);
    }, timeoutMs);
  }, [timeoutMs, dialogMs]);

  // activity restarts the idle clock, but not while the dialog asks
  useEffect(() => {
    if (open) return;
    restart();
    const onActivity = () => restart();
    for (const e of ACTIVITY) window.addEventListener(e, onActivity, { passive: true });
    return () => {
      window.clearTimeout(idleTimer.current);
      for (const e of ACTIVITY) window.removeEventListener(e, onActivity);
    };
  }, [open, restart]);

  useEffect(() => {
    if (deadline === null) return;
    const tick = window.setInterval(() => setNow(Date.now()), 1000);
    const expire = window.setTimeout(() => void leave(), Math.max(0, deadline - Date.now()));
    return () => {
      window.clearInterval(tick);
      window.clearTimeout(expire);
    };
  }, [deadline, leave]);

  if (!open) return null;
  const minutes = Math.max(0, Math.ceil((deadline - now) / 60_000));
  return (
    <Suspense fallback={null}>
      <Modal
        open
        title="Are you still there?"
        onClose={() => setDeadline(null)}
        footer={
          <>
            <Button onClick={() => setDeadline(null)}>Yes</Button>
            <Button variant="secondary" onClick={() => void leave()}>
              No
            </Button>
          </>
        }
      >
        <p role="timer" aria-live="polite">
          You have been inactive for a while. Without an answer you will leave this page in {minutes} {minutes === 1 ? 'minute' : 'minutes'}
          {keepsDrafts
            ? '. What you typed and did not save is kept in this browser as a draft, and offered again when you come back.'
            : '; unsaved changes will be lost.'}
        </p>
      </Modal>
    </Suspense>
  );
}
