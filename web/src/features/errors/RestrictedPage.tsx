import { Link } from 'react-router';

/** /restricted: the user lacks access to what they asked for. */
export default function RestrictedPage() {
  return (
    <section className="card narrow error-page" aria-labelledby="restricted-title">
      <p className="error-code" aria-hidden="true">
        <svg
          className="error-icon"
          width="56"
          height="56"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <rect x="4" y="11" width="16" height="10" rx="2" />
          <path d="M8 11V7a4 4 0 0 1 8 0v4" />
        </svg>
      </p>
      <h1 id="restricted-title">Restricted</h1>
      <p>You do not have access to this page. If you believe you should, contact your group manager or the Compliance Index team.</p>
      <p className="cluster">
        <Link className="button button-primary" to="/index">
          Back to the Compliance Index
        </Link>
        <Link to="/purchasingAccess">How to purchase access</Link>
        <Link to="/contact/general">Contact us</Link>
      </p>
    </section>
  );
}
