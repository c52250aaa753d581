import { Link } from 'react-router';

/** /404 */
export default function NotFoundPage() {
  return (
    <section className="card narrow error-page" aria-labelledby="nf-title">
      <p className="error-code" aria-hidden="true">
        404
      </p>
      <h1 id="nf-title">Page not found</h1>
      <p>This page does not exist.</p>
      <p className="cluster">
        <Link className="button button-primary" to="/login">
          Go to login
        </Link>
        <Link to="/about">About the Index</Link>
      </p>
    </section>
  );
}
