import { Link, NavLink } from 'react-router';

import { canUpgrade, offersPurchases } from '@cti/access';

import { useAppConfigQuery } from '../../app/app-config';
import { useAppSelector, usePrincipal } from '../../app/hooks';
import { HEADER_LINKS } from '../../app/menu';
import { selectUser } from '../../features/auth/auth-slice';
import { cartTarget } from '../../features/commerce/checkout-cache';
import { UnreadBadge } from '../../features/notifications/components/UnreadBadge';
import { ArrowUpIcon, CartIcon, PlaneIcon } from '../icons/Icons';

import { UserMenu } from './UserMenu';

/** What the Index is and how it is made: in the header for everyone (and in the footer). */
const LEARN_LINKS = [
  { label: 'About', to: '/about' },
  { label: 'Methodology', to: '/about/methodology' },
  { label: 'FAQ', to: '/about/faq' },
] as const;

/**
 * Sign-in and free access for visitors; for signed-in users Upgrade (when a plan adds to
 * theirs) and the cart, both only for those the product sells to (not admins or respondents),
 * then the user menu.
 */
function HeaderActions() {
  const user = useAppSelector(selectUser);
  const principal = usePrincipal();
  if (!user || !principal) {
    return (
      <div className="header-actions">
        <Link className="button button-secondary header-button" to="/login">
          Sign in
        </Link>
        <Link className="button header-cta" to="/login#free-access">
          Get free access
        </Link>
      </div>
    );
  }
  return (
    <div className="header-actions">
      {canUpgrade(principal) && (
        <Link className="header-upgrade" to="/purchaseAccess">
          <ArrowUpIcon /> <span className="header-upgrade-label">Upgrade</span>
        </Link>
      )}
      {offersPurchases(principal) && (
        <Link className="header-icon-link" to={cartTarget()} aria-label="Cart" title="Cart">
          <CartIcon />
        </Link>
      )}
      <UnreadBadge />
      <UserMenu />
    </div>
  );
}

/**
 * Site header: About/Methodology/FAQ on a slim line above; the brand, the two large index
 * tabs with the links of the user's own work, and the actions (sign-in and free access, or
 * Upgrade, the cart and the user menu);
 * a badge in demo mode. Questionnaire pages hide the navigation and keep the actions.
 */
export function Header({ showNav = true }: { showNav?: boolean }) {
  const { data: config } = useAppConfigQuery();
  const user = useAppSelector(selectUser);
  const principal = usePrincipal();
  const links = principal ? HEADER_LINKS.filter((l) => l.show(principal, config)) : [];
  return (
    <header className={`site-header${user ? ' site-header-signed-in' : ''}`}>
      {(showNav || config?.demo) && (
        <div className="site-utility">
          {config?.demo && (
            <span className="demo-badge" title="This installation shows demo data">
              Demo data
            </span>
          )}
          {showNav && (
            <nav className="learn-links" aria-label="Learn about the Index">
              {LEARN_LINKS.map((l) => (
                <NavLink key={l.to} to={l.to} end>
                  {l.label}
                </NavLink>
              ))}
            </nav>
          )}
        </div>
      )}
      <div className="site-header-inner">
        <Link to={user ? '/index' : '/'} className="brand">
          <span className="brand-mark" aria-hidden="true">
            <PlaneIcon />
          </span>
          {/* one name for assistive technology, whichever length shows */}
          <span className="visually-hidden">Cape Town Convention Index</span>
          <span className="brand-name brand-long" aria-hidden="true">
            Cape Town Convention Index
          </span>
          <span className="brand-name brand-short" aria-hidden="true">
            CTC Index
          </span>
        </Link>
        {showNav && (
          <div className="header-navs">
            <nav className="index-tabs" aria-label="Indexes">
              <NavLink to="/index">Compliance Index</NavLink>
              <NavLink to="/enforceabilityIndex">Enforceability Index</NavLink>
            </nav>
            {links.length > 0 && (
              <nav className="index-tabs header-links" aria-label="Your work">
                {links.map((l) => (
                  <NavLink key={l.to} to={l.to}>
                    {l.label}
                  </NavLink>
                ))}
              </nav>
            )}
          </div>
        )}
        <HeaderActions />
      </div>
    </header>
  );
}
