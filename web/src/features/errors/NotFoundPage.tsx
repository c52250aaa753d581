import { Link } from 'react-router';

/** /404 */
export default function NotFoundPage() {
  return (
    <section className="card narrow" aria-labelledby="nf-title">
      <h1 id="nf-title">Page not found</h1>
      <p>This page does not exist.</p>
      <p>
        <Link to="/login">Go to login</Link>
      </p>
    </section>
  );
}
