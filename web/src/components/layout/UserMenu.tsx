import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { Link } from 'react-router';

import { useAppConfigQuery } from '../../app/app-config';
import { useAppSelector, usePrincipal } from '../../app/hooks';
import { USER_MENU, userMenuLabel } from '../../app/menu';
import { selectUser } from '../../features/auth/auth-slice';
import { useLogout } from '../../features/auth/use-logout';
import { useHasPurchases } from '../../features/commerce/purchase-flag';
import { leaveThroughGuard } from '../../lib/leave-guard';
import { ChevronDownIcon } from '../icons/Icons';

/**
 * The user menu: label = the user's name ("Free User" for free users who bought nothing), shown whole; entries
 * by role; Logout last. The cart is the icon beside it in the header.
 */
export function UserMenu() {
  const user = useAppSelector(selectUser);
  const principal = usePrincipal();
  // re-renders the label and entries once a purchase is known (a free buyer is named, not "Free User")
  useHasPurchases(user?.Username);
  const { data: config } = useAppConfigQuery();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !root.current?.contains(e.target as Node)) setOpen(false);
      // Escape returns focus to the menu button instead of dropping it
      if (e instanceof KeyboardEvent && e.key === 'Escape') button.current?.focus();
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    // menu button pattern: opening moves focus to the first item
    root.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  /** Arrow keys, Home and End move between items (focus leaving the menu closes it, see onBlur). */
  const onMenuKey = (e: ReactKeyboardEvent<HTMLUListElement>) => {
    const items = Array.from(e.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]'));
    const at = items.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 };
    const move = moves[e.key];
    if (move === undefined) return;
    e.preventDefault();
    items[(move + items.length) % items.length]?.focus();
  };

  if (!user || !principal) return null;
  const entries = USER_MENU.filter((e) => e.show(principal, config));
  const label = userMenuLabel(principal, user.Name);
  return (
    <div className="user-menu" ref={root} onBlur={(e) => open && !root.current?.contains(e.relatedTarget) && setOpen(false)}>
      <button
        ref={button}
        type="button"
        className="user-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        <span className="user-menu-name">{label}</span> <ChevronDownIcon />
      </button>
      {open && (
        <ul id={menuId} className="user-menu-list" role="menu" aria-label={label} onKeyDown={onMenuKey}>
          {entries.map((e) => (
            <li key={e.to} role="none">
              <Link role="menuitem" to={e.to} onClick={() => setOpen(false)}>
                {e.label}
              </Link>
            </li>
          ))}
          <li role="none">
            <button type="button" role="menuitem" onClick={() => leaveThroughGuard(logout, 'logout')}>
              Logout
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
