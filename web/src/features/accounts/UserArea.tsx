import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';

import { useAppConfigQuery } from '../../app/app-config';
import { usePrincipal } from '../../app/hooks';
import { USER_AREA_TABS } from '../../app/menu';
import './accounts.css';

/**
 * The user area's chrome: a sidebar linking to the carbon calculator and the
 * compliance index, and navbar tabs each shown to the roles of the permission table.
 */
export function UserArea({ children }: { children: ReactNode }) {
  const principal = usePrincipal();
  const { data: config } = useAppConfigQuery();
  const tabs = principal ? USER_AREA_TABS.filter((t) => t.show(principal, config)) : [];
  return (
    <div className="user-area">
      <aside className="user-area-sidebar" aria-label="Applications">
        <ul>
          {config?.carbonCalculatorUrl && (
            <li>
              <a href={config.carbonCalculatorUrl}>Carbon Calculator</a>
            </li>
          )}
          <li>
            <Link to="/index">Compliance Index</Link>
          </li>
        </ul>
      </aside>
      <div className="user-area-main">
        <nav className="tabs user-area-tabs" aria-label="User area">
          {tabs.map((t) => (
            <NavLink key={t.to} to={t.to}>
              {t.label}
            </NavLink>
          ))}
        </nav>
        {children}
      </div>
    </div>
  );
}
