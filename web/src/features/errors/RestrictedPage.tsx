import { Link } from 'react-router';

/** /restricted: the user lacks access to what they asked for. */
export default function RestrictedPage() {
  return (
    <section className="card narrow" aria-labelledby="restricted-title">
      <h1 id="restricted-title">Restricted</h1>
      <p>You do not have access to this page. If you believe you should, contact your group manager or the Compliance Index team.</p>
      <p>
        <Link to="/index">Back to the Compliance Index</Link>
      </p>
    </section>
  );
}
