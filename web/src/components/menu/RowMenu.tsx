import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router';

import { MoreIcon } from '../icons/Icons';
import { ConfirmDialog } from '../modal/ConfirmDialog';

/** One action of a row. Destructive ones ask first: `confirm` names the question and the button. */
export interface RowAction {
  label: string;
  /** What happens, or where it goes (`to`). */
  onSelect?: () => void | Promise<unknown>;
  to?: string;
  danger?: boolean;
  disabled?: boolean;
  confirm?: { title: string; text: ReactNode; confirmLabel: string; cancelLabel?: string };
}

/**
 * The one "…" menu of a table row: its actions in a menu instead of a row of buttons that
 * wrap. Menu-button keyboard pattern (Enter, Space or ArrowDown opens on the first item;
 * arrows, Home and End move; Escape closes back to the button). Actions with `confirm`
 * open a confirmation dialog and run only when confirmed. The menu is drawn above the
 * page, so a scrolling table does not clip it.
 */
export function RowMenu({ label, actions }: { label: string; actions: readonly RowAction[] }) {
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  const [confirming, setConfirming] = useState<RowAction | null>(null);
  const [busy, setBusy] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const focusedOnOpen = useRef(false);
  const menuId = useId();
  const navigate = useNavigate();

  const itemCount = actions.length;
  const place = useCallback(() => {
    const rect = button.current?.getBoundingClientRect();
    if (!rect) return;
    const width = 224;
    const left = Math.max(8, Math.min(rect.right - width, window.innerWidth - width - 8));
    const height = menu.current?.offsetHeight ?? itemCount * 40 + 8;
    const below = rect.bottom + 4;
    const top = below + height > window.innerHeight - 8 && rect.top - height - 4 > 8 ? rect.top - height - 4 : below;
    setPosition({ top, left });
  }, [itemCount]);

  useLayoutEffect(() => {
    if (!open) return;
    focusedOnOpen.current = false;
    place();
  }, [open, place]);

  // focus goes to the first item once the menu is placed (a hidden menu cannot take focus), once per opening
  useLayoutEffect(() => {
    if (!open || !position || focusedOnOpen.current) return;
    focusedOnOpen.current = true;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')?.focus();
  }, [open, position]);

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      if (!menu.current?.contains(e.target as Node) && !button.current?.contains(e.target as Node)) setOpen(false);
    };
    // a scroll (the page, or a table scrolled sideways) moves the menu with its button; it closes once the button is out of sight
    const onScroll = () => {
      const rect = button.current?.getBoundingClientRect();
      if (!rect || rect.bottom < 0 || rect.top > window.innerHeight) setOpen(false);
      else place();
    };
    document.addEventListener('mousedown', close);
    window.addEventListener('scroll', onScroll, true);
    window.addEventListener('resize', onScroll);
    return () => {
      document.removeEventListener('mousedown', close);
      window.removeEventListener('scroll', onScroll, true);
      window.removeEventListener('resize', onScroll);
    };
  }, [open, place]);

  const run = async (action: RowAction) => {
    if (action.to) void navigate(action.to);
    else if (action.onSelect) await action.onSelect();
  };
  const confirmRun = async (action: RowAction) => {
    setBusy(true);
    try {
      await run(action);
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };
  const choose = (action: RowAction) => {
    if (action.disabled) return;
    setOpen(false);
    button.current?.focus();
    if (action.confirm) setConfirming(action);
    else void run(action);
  };

  const onMenuKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const items = Array.from(e.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]'));
    const at = items.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 };
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
      button.current?.focus();
      return;
    }
    if (e.key === 'Tab') {
      setOpen(false);
      return;
    }
    const move = moves[e.key];
    if (move === undefined) return;
    e.preventDefault();
    items[(move + items.length) % items.length]?.focus();
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className="row-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        title={label}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          } else if (e.key === 'Escape' && open) {
            e.preventDefault();
            setOpen(false);
          }
        }}
      >
        <MoreIcon />
      </button>
      {open &&
        createPortal(
          <ul
            ref={menu}
            id={menuId}
            role="menu"
            aria-label={label}
            className="row-menu"
            style={position ? { top: position.top, left: position.left } : { visibility: 'hidden' }}
            onKeyDown={onMenuKey}
          >
            {actions.map((a) => (
              <li key={a.label} role="none">
                <button
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  className={a.danger ? 'row-menu-danger' : undefined}
                  aria-disabled={a.disabled || undefined}
                  onClick={() => choose(a)}
                >
                  {a.label}
                  {a.confirm ? '…' : ''}
                </button>
              </li>
            ))}
          </ul>,
          document.body,
        )}
      {confirming?.confirm && (
        <ConfirmDialog
          open
          title={confirming.confirm.title}
          confirmLabel={confirming.confirm.confirmLabel}
          cancelLabel={confirming.confirm.cancelLabel}
          busy={busy}
          variant={confirming.danger ? 'danger' : 'primary'}
          onClose={() => setConfirming(null)}
          onConfirm={() => void confirmRun(confirming)}
        >
          {confirming.confirm.text}
        </ConfirmDialog>
      )}
    </>
  );
}
