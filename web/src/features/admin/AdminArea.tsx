import type { ReactNode } from 'react';
import { NavLink } from 'react-router';

import { useAppConfigQuery } from '../../app/app-config';
import { usePrincipal } from '../../app/hooks';
import { ADMIN_SECTIONS } from '../../app/menu';
import './admin.css';

/**
 * The admin area's chrome: a navigation of the admin destinations grouped as People,
 * Questionnaires, Index, Commerce and Audit beside the page (a row of groups above it
 * on narrow screens), so admins move between them without the user menu.
 */
export function AdminArea({ children }: { children: ReactNode }) {
  const principal = usePrincipal();
  const { data: config } = useAppConfigQuery();
  const sections = principal
    ? ADMIN_SECTIONS.map((s) => ({ ...s, entries: s.entries.filter((e) => e.show(principal, config)) })).filter((s) => s.entries.length)
    : [];
  return (
    <div className="admin-area">
      <nav className="admin-nav" aria-label="Admin">
        <NavLink to="/admin" end className="admin-nav-home">
          Admin
        </NavLink>
        {sections.map((s) => (
          <div key={s.title} className="admin-nav-group">
            <h2 className="admin-nav-title">{s.title}</h2>
            <ul>
              {s.entries.map((e) => (
                <li key={e.to}>
                  <NavLink to={e.to} end>
                    {e.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <div className="admin-main">{children}</div>
    </div>
  );
}
