import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { Button } from '../../../components/form/fields';
import { Modal } from '../../../components/modal/Modal';
import { setLeaveGuard, type LeaveReason } from '../../../lib/leave-guard';

/** What one editor on the page (a section's answers, its admin notes, the consent) tells the shell about its unsaved work. */
export interface PageEdits {
  /** What is unsaved, as the person reads it (question texts, "Admin Notes", "Consent"); empty when nothing is. */
  unsaved: string[];
  /** Saves it; resolves true when it was stored (false: refused or not possible now, with the reason shown by the page). */
  save(): Promise<boolean>;
  /** Writes it to this browser's draft store now. */
  keep(): Promise<void>;
  /** Discards it (the person was told what). */
  discard(): Promise<void>;
}

export interface LeaveGuard {
  /** Something on the page is typed and unsaved. */
  dirty: boolean;
  /** An editor reports its unsaved work (null: it went). */
  report(id: string, edits: PageEdits | null): void;
  /** Saves every editor's work; true when all of it was stored. */
  saveAll(): Promise<boolean>;
  /** Runs `leave` at once when nothing is unsaved, else once the person chose (save, keep as draft, discard); idling out keeps the drafts. */
  confirmLeave(leave: () => void | Promise<void>, reason?: LeaveReason): void;
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

/** Marks the history entry this guard adds on top of the page's own. */
const GUARD_STATE = 'ctiLeaveGuard';
const onGuardEntry = () => !!(window.history.state as Record<string, unknown> | null)?.[GUARD_STATE];
/** Adds the guard's entry (same address) on top of the page's; answers where the page is now. */
function pushGuardEntry() {
  window.history.pushState({ ...(window.history.state as object | null), [GUARD_STATE]: true }, '', window.location.href);
  return { onGuard: true, href: window.location.href };
}

/**
 * Back, Forward and a phone's back gesture (popstate) through the guard. The app's
 * declarative router cannot block a history move (react-router's blocker needs a data
 * router, about 16 KB more on every page), so while something is unsaved the page adds an
 * entry of its own on top (same address): Back lands on the page's own entry, still here,
 * and the guard asks; leaving then goes back past it. Once nothing is unsaved, a Back that
 * lands on the page's own entry from the guard's goes on back at once.
 */
function useHistoryGuard(dirty: boolean, released: { current: boolean }, ask: (leave: () => void) => void) {
  const location = useLocation();
  const latest = useRef({ dirty, ask });
  latest.current = { dirty, ask };
  const leaving = useRef(false);
  /** The entry the page is on, as it last saw it: the guard's own, and its address. */
  const entry = useRef<{ onGuard: boolean; href: string } | null>(null);

  // while something is unsaved, the guard's entry is on top of the page's (not once the person chose to leave:
  // the next page's entry is not to be guarded for the work of this one, nor its Forward history cut)
  useEffect(() => {
    if (!dirty || released.current || onGuardEntry()) return;
    entry.current = pushGuardEntry();
  }, [dirty, location.key, released]);

  useEffect(() => {
    entry.current ??= { onGuard: onGuardEntry(), href: window.location.href };
    const onPopState = () => {
      const before = entry.current;
      const fromGuard = !!before?.onGuard && before.href === window.location.href && !onGuardEntry();
      entry.current = { onGuard: onGuardEntry(), href: window.location.href };
      if (leaving.current || !fromGuard) {
        leaving.current = false;
        return;
      }
      // Back from the guard's entry onto the page's own
      if (!latest.current.dirty) {
        leaving.current = true;
        window.history.back();
        return;
      }
      entry.current = pushGuardEntry();
      latest.current.ask(() => {
        leaving.current = true;
        window.history.go(-2);
      });
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
}

/**
 * Asks before typed work leaves the page, whichever way it goes: an in-app link (the left
 * navigation, the header), the Exit button, Back/Forward and the back gesture, Logout in
 * the user menu, closing or reloading the tab (beforeunload); idling out keeps the drafts
 * without asking. Leaving never loses what is typed unless the person discards it: it stays
 * in this browser's draft store and is offered when the page opens again.
 */
export function LeaveGuardProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [editors, setEditors] = useState<Record<string, PageEdits>>({});
  const [pending, setPending] = useState<(() => void | Promise<void>) | null>(null);
  const [busy, setBusy] = useState<'save' | 'keep' | 'discard' | null>(null);
  const latest = useRef(editors);
  latest.current = editors;
  const unsaved = Object.values(editors).flatMap((e) => e.unsaved);
  const dirty = unsaved.length > 0;
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  /** The person chose to leave: until the page's editors go, nothing is guarded any more. */
  const released = useRef(false);
  if (!dirty) released.current = false;

  const report = useCallback((id: string, edits: PageEdits | null) => {
    setEditors((current) => {
      if (!edits) {
        if (!(id in current)) return current;
        const { [id]: _gone, ...rest } = current;
        return rest;
      }
      return { ...current, [id]: edits };
    });
  }, []);

  const saveAll = useCallback(async () => {
    const results: boolean[] = [];
    for (const edits of Object.values(latest.current)) if (edits.unsaved.length) results.push(await edits.save());
    return results.every(Boolean);
  }, []);
  const keepAll = useCallback(async () => {
    await Promise.all(Object.values(latest.current).map((e) => e.keep()));
  }, []);

  const confirmLeave = useCallback(
    (leave: () => void | Promise<void>, reason: LeaveReason = 'link') => {
      if (!dirtyRef.current || released.current) return void leave();
      // nobody is there to answer: what is typed stays in the draft store
      if (reason === 'idle') {
        released.current = true;
        return void keepAll().then(leave);
      }
      setPending(() => leave);
    },
    [keepAll],
  );

  useEffect(() => setLeaveGuard(confirmLeave), [confirmLeave]);
  useHistoryGuard(dirty, released, (leave) => setPending(() => leave));

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      // the drafts are written on pagehide too; the prompt gives the person the choice to stay and save
      event.preventDefault();
      // older browsers show the prompt only when returnValue is set
      event.returnValue = '';
    };
    // capture, on the document: before the router's own link handler runs
    const onClick = (event: MouseEvent) => {
      const path = internalTarget(event);
      if (!path || released.current) return;
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
  }, [dirty, navigate]);

  const guard = useMemo<LeaveGuard>(() => ({ dirty, report, saveAll, confirmLeave }), [dirty, report, saveAll, confirmLeave]);

  const stay = () => setPending(null);
  const choose = async (how: 'save' | 'keep' | 'discard') => {
    const leave = pending;
    if (!leave) return;
    setBusy(how);
    try {
      if (how === 'save' && !(await saveAll())) {
        // a refused save keeps the person here, with the reason shown by the page
        setPending(null);
        return;
      }
      if (how === 'keep') await keepAll();
      if (how === 'discard') await Promise.all(Object.values(latest.current).map((e) => e.discard()));
    } finally {
      setBusy(null);
    }
    setPending(null);
    dirtyRef.current = false;
    released.current = true;
    void leave();
  };

  return (
    <LeaveGuardContext.Provider value={guard}>
      {children}
      <Modal
        open={!!pending}
        title="Unsaved changes"
        onClose={stay}
        width={560}
        footer={
          <>
            <Button variant="secondary" onClick={stay}>
              Stay on this page
            </Button>
            <Button busy={busy === 'save'} onClick={() => void choose('save')}>
              Save and leave
            </Button>
            <Button variant="secondary" busy={busy === 'keep'} onClick={() => void choose('keep')}>
              Keep as draft and leave
            </Button>
            <Button variant="danger" busy={busy === 'discard'} onClick={() => void choose('discard')}>
              Discard and leave
            </Button>
          </>
        }
      >
        <p>These changes on this page are not saved yet:</p>
        <ul className="unsaved-list">
          {unsaved.map((label, i) => (
            <li key={`${i}-${label}`}>{label}</li>
          ))}
        </ul>
        <p>
          Save them now, or keep them as a draft in this browser: they are offered back when you open this page again. Discarding them loses
          them.
        </p>
      </Modal>
    </LeaveGuardContext.Provider>
  );
}
