import { Link } from 'react-router';

import { useAppSelector } from '../../app/hooks';
import { selectUser } from '../auth/auth-slice';

/** /404 and every unknown path: "This page does not exist.", with the way on for who is asking. */
export default function NotFoundPage() {
  const user = useAppSelector(selectUser);
  return (
    <section className="card narrow error-page" aria-labelledby="nf-title">
      <p className="error-code" aria-hidden="true">
        404
      </p>
      <h1 id="nf-title">Page not found</h1>
      <p>This page does not exist.</p>
      <p className="cluster">
        {user ? (
          <Link className="button button-primary" to="/index">
            Go to the Compliance Index
          </Link>
        ) : (
          <Link className="button button-primary" to="/login">
            Go to login
          </Link>
        )}
        <Link to="/about">About the Index</Link>
      </p>
    </section>
  );
}
