import { useAppSelector } from '../../app/hooks';
import { selectUser } from '../auth/auth-slice';

/** /index until the Compliance Index list lands (scoring). */
export default function IndexPage() {
  const user = useAppSelector(selectUser);
  return (
    <section aria-labelledby="index-title">
      <h1 id="index-title">Compliance Index</h1>
      <p className="lead">
        Welcome{user ? `, ${user.FirstName}` : ''}. The Compliance Index scores how well each contracting state implements the Cape Town Convention and its
        Aircraft Protocol.
      </p>
    </section>
  );
}
