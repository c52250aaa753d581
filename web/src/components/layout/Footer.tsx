import { Link } from 'react-router';

import { useAppSelector } from '../../app/hooks';
import { selectUser } from '../../features/auth/auth-slice';

/**
 * Site footer: what the Index is, where to learn how it is made, how to reach the team,
 * and the legal pages. The compliance-report link is hidden from users who must still
 * agree to the terms ("Contact form").
 */
export function Footer() {
  const user = useAppSelector(selectUser);
  const mustAgree = !!user && user.MustAgreeCTC && !user.IsAdmin;
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <section className="site-footer-about" aria-labelledby="footer-about">
          <h2 id="footer-about">Cape Town Convention Index</h2>
          <p>
            Country-by-country assessment of how contracting states implement and apply the Cape Town Convention and its Aircraft Protocol,
            updated every March and September.
          </p>
        </section>
        <nav aria-labelledby="footer-learn">
          <h2 id="footer-learn">The Index</h2>
          <ul>
            <li>
              <Link to="/about">About the Index</Link>
            </li>
            <li>
              <Link to="/about/methodology">Methodology</Link>
            </li>
            <li>
              <Link to="/about/faq">FAQ</Link>
            </li>
            <li>
              <Link to="/about/faq#watchlist">Watchlist notices</Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-guides">
          <h2 id="footer-guides">Guides</h2>
          <ul>
            <li>
              <Link to="/useTheIndex">Using the Index E-Platform</Link>
            </li>
            <li>
              <Link to="/pricing">Plans and prices</Link>
            </li>
            <li>
              <Link to="/purchasingAccess">Purchasing access</Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact</h2>
          <ul>
            <li>
              <Link to="/contact/general">Comments and inquiries</Link>
            </li>
            {!mustAgree && (
              <li>
                <Link to="/contact/compliance">Report compliance activity</Link>
              </li>
            )}
            <li>
              <Link to="/contact/technical">Technical support</Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="site-footer-legal">
        <p>© {new Date().getFullYear()} Aviation Working Group. The Index is not legal advice.</p>
        <nav aria-label="Legal">
          <ul className="cluster">
            <li>
              <Link to="/about/terms">Terms</Link>
            </li>
            <li>
              <Link to="/about/privacy-policy">Privacy Policy</Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
