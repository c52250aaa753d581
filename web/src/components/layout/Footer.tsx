import { Link } from 'react-router';

export function Footer() {
  return (
    <footer className="site-footer">
      <nav aria-label="Footer">
        <Link to="/about">About the Index</Link>
        <Link to="/about/faq">FAQ</Link>
        <Link to="/about/methodology">Methodology</Link>
        <Link to="/about/terms">Terms</Link>
        <Link to="/about/privacy-policy">Privacy Policy</Link>
        <Link to="/contact/general">Contact</Link>
      </nav>
      <p className="muted">© {new Date().getFullYear()} Aviation Working Group. Compliance Index of the Cape Town Convention and its Aircraft Protocol.</p>
    </footer>
  );
}
