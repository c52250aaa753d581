import { Link, NavLink } from 'react-router';
import { useAppConfigQuery } from '../../app/app-config';
import { usePrincipal } from '../../app/hooks';
import { HEADER_LINKS } from '../../app/menu';
import { UserMenu } from './UserMenu';
import { UnreadBadge } from '../../features/notifications/components/UnreadBadge';

/** Site header: brand, the two large index tabs, the user menu; a badge in demo mode. */
export function Header({ showNav = true }: { showNav?: boolean }) {
  const { data: config } = useAppConfigQuery();
  const principal = usePrincipal();
  const links = principal ? HEADER_LINKS.filter((l) => l.show(principal, config)) : [];
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link to="/index" className="brand">
          <span className="brand-mark" aria-hidden="true">
            ✈
          </span>
          <span>Cape Town Convention Index</span>
        </Link>
        {config?.demo && (
          <span className="demo-badge" title="This installation shows demo data">
            Demo data
          </span>
        )}
        {showNav && (
          <nav className="index-tabs" aria-label="Indexes">
            <NavLink to="/index">Compliance Index</NavLink>
            <NavLink to="/enforceabilityIndex">Enforceability Index</NavLink>
          </nav>
        )}
        {showNav && links.length > 0 && (
          <nav className="index-tabs header-links" aria-label="Your work">
            {links.map((l) => (
              <NavLink key={l.to} to={l.to}>
                {l.label}
              </NavLink>
            ))}
          </nav>
        )}
        <div className="header-end">
          <UnreadBadge />
          <UserMenu />
        </div>
      </div>
    </header>
  );
}
