import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';

import { Button } from '../../../components/form/fields';
import { Modal } from '../../../components/modal/Modal';

/** What the section on screen tells the shell about its edits. */
export interface PageEdits {
  dirty: boolean;
  /** Saves the edits; resolves true when they were saved (null: this page cannot save now). */
  save: (() => Promise<boolean>) | null;
}

export interface LeaveGuard {
  /** The section on screen holds unsaved edits. */
  dirty: boolean;
  /** A save succeeded since the questionnaire was opened in this tab. */
  saved: boolean;
  report(edits: PageEdits): void;
  /** A save succeeded: nothing is unsaved any more. */
  markSaved(): void;
  /** Runs `leave` at once, or once the user chose to leave (or saved) when edits are unsaved. */
  confirmLeave(leave: () => void | Promise<void>): void;
}

const LeaveGuardContext = createContext<LeaveGuard | null>(null);

export function useLeaveGuard(): LeaveGuard {
  const guard = useContext(LeaveGuardContext);
  if (!guard) throw new Error('useLeaveGuard needs a LeaveGuardProvider');
  return guard;
}

/** An in-app link the click would follow (same origin, same tab, no modifier keys), as a router path. */
function internalTarget(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download'))
    return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path === `${window.location.pathname}${window.location.search}${window.location.hash}` ? null : path;
}

/**
 * Asks before unsaved answers are lost: leaving the section by any in-app link (the
 * left navigation, the header), the Exit button, or closing or reloading the tab
 * (beforeunload). The app uses a declarative BrowserRouter, which cannot block
 * navigations (react-router's useBlocker needs a data router, about 16 KB more on every
 * page), so links are intercepted where they are clicked instead.
 */
export function LeaveGuardProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [edits, setEdits] = useState<PageEdits>({ dirty: false, save: null });
  const [saved, setSaved] = useState(false);
  const [pending, setPending] = useState<(() => void | Promise<void>) | null>(null);
  const [saving, setSaving] = useState(false);
  const latest = useRef(edits);
  latest.current = edits;

  const report = useCallback((next: PageEdits) => {
    setEdits((current) => (current.dirty === next.dirty && current.save === next.save ? current : next));
  }, []);
  const markSaved = useCallback(() => {
    setSaved(true);
    setEdits((current) => ({ ...current, dirty: false }));
    latest.current = { ...latest.current, dirty: false };
  }, []);
  const confirmLeave = useCallback((leave: () => void | Promise<void>) => {
    if (latest.current.dirty) setPending(() => leave);
    else void leave();
  }, []);

  useEffect(() => {
    if (!edits.dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // older browsers show the prompt only when returnValue is set
      event.returnValue = '';
    };
    // capture, on the document: before the router's own link handler runs
    const onClick = (event: MouseEvent) => {
      const path = internalTarget(event);
      if (!path) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(() => () => navigate(path));
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [edits.dirty, navigate]);

  const guard = useMemo<LeaveGuard>(
    () => ({ dirty: edits.dirty, saved, report, markSaved, confirmLeave }),
    [edits.dirty, saved, report, markSaved, confirmLeave],
  );

  const stay = () => setPending(null);
  const leaveWithoutSaving = () => {
    const leave = pending;
    setPending(null);
    latest.current = { ...latest.current, dirty: false };
    setEdits((current) => ({ ...current, dirty: false }));
    if (leave) void leave();
  };
  const saveAndLeave = async () => {
    const leave = pending;
    const save = latest.current.save;
    if (!save || !leave) return;
    setSaving(true);
    const ok = await save().finally(() => setSaving(false));
    // a refused save keeps the user here, with the reason shown by the page
    setPending(null);
    if (ok) void leave();
  };

  return (
    <LeaveGuardContext.Provider value={guard}>
      {children}
      <Modal
        open={!!pending}
        title="Unsaved changes"
        onClose={stay}
        width={520}
        footer={
          <>
            <Button variant="secondary" onClick={stay}>
              Stay on this page
            </Button>
            {edits.save && (
              <Button busy={saving} onClick={() => void saveAndLeave()}>
                Save and leave
              </Button>
            )}
            <Button variant="danger" onClick={leaveWithoutSaving}>
              Leave without saving
            </Button>
          </>
        }
      >
        <p>You have changed answers on this page that are not saved yet. If you leave now, those changes are lost.</p>
      </Modal>
    </LeaveGuardContext.Provider>
  );
}
