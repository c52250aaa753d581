import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAppSelector, usePrincipal } from '../../app/hooks';
import { USER_MENU } from '../../app/menu';
import { useAppConfigQuery } from '../../app/app-config';
import { selectIsFree, selectUser } from '../../features/auth/auth-slice';
import { useLogout } from '../../features/auth/use-logout';

/** The user menu: label = the user's name ("Free User" for free users); entries by role; Logout last. */
export function UserMenu() {
  const user = useAppSelector(selectUser);
  const isFree = useAppSelector(selectIsFree);
  const principal = usePrincipal();
  const { data: config } = useAppConfigQuery();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  if (!user || !principal) {
    return (
      <Link className="button button-secondary" to="/login">
        Login
      </Link>
    );
  }
  const entries = USER_MENU.filter((e) => e.show(principal, config));
  return (
    <div className="user-menu" ref={root}>
      <button type="button" className="user-menu-button" aria-haspopup="menu" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((o) => !o)}>
        {isFree ? 'Free User' : user.Name} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <ul id={menuId} className="user-menu-list" role="menu">
          {entries.map((e) => (
            <li key={e.to} role="none">
              <Link role="menuitem" to={e.to} onClick={() => setOpen(false)}>
                {e.label}
              </Link>
            </li>
          ))}
          <li role="none">
            <button type="button" role="menuitem" onClick={() => void logout()}>
              Logout
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
