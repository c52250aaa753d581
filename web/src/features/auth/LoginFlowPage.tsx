import { Link, useSearchParams } from 'react-router';
import { useAppConfigQuery } from '../../app/app-config';
import { useAppSelector } from '../../app/hooks';
import { Spinner } from '../../components/form/fields';
import { useCcRolesQuery, useCtcRolesQuery, useRolesByEmailQuery } from './auth-api';
import { selectUser } from './auth-slice';
import './auth.css';

/** Which chooser buttons show for a user's role ids (index §6): any role of each list. */
export function chooserButtons(userRoles: readonly number[] | null, ctc: readonly { Id: number }[], cc: readonly { Id: number }[]) {
  // without anything known about the user, both applications are offered
  if (userRoles === null) return { ctc: true, cc: true };
  return { ctc: ctc.some((r) => userRoles.includes(r.Id)), cc: cc.some((r) => userRoles.includes(r.Id)) };
}

/**
 * /user/flow (loginFlow, param email): the application chooser, Login CTC Compliance
 * Index and Login Carbon Calculator, each shown when the user holds a role of its list.
 */
export default function LoginFlowPage() {
  const [params] = useSearchParams();
  const user = useAppSelector(selectUser);
  const email = params.get('email') ?? user?.Username ?? '';
  const { data: config } = useAppConfigQuery();
  const ctc = useCtcRolesQuery();
  const cc = useCcRolesQuery();
  const byEmail = useRolesByEmailQuery(email, { skip: !email || !!user });
  const loading = ctc.isLoading || cc.isLoading || byEmail.isLoading;
  const roles = user ? user.Roles : email && byEmail.data ? byEmail.data.map((r) => r.Id) : null;
  const show = chooserButtons(roles, ctc.data ?? [], cc.data ?? []);
  const ctcTarget = user ? '/index' : `/login${email ? `?email=${encodeURIComponent(email)}` : ''}`;

  return (
    <section className="card narrow" aria-labelledby="flow-title">
      <h1 id="flow-title">Choose an application</h1>
      {loading ? (
        <Spinner />
      ) : (
        <>
          <div className="login-chooser">
            {show.ctc && (
              <Link className="button button-primary" to={ctcTarget}>
                Login CTC Compliance Index
              </Link>
            )}
            {show.cc &&
              (config?.carbonCalculatorUrl ? (
                <a className="button button-secondary" href={config.carbonCalculatorUrl}>
                  Login Carbon Calculator
                </a>
              ) : (
                <button
                  type="button"
                  className="button button-secondary"
                  disabled
                  title="The Carbon Calculator is not linked on this installation."
                >
                  Login Carbon Calculator
                </button>
              ))}
          </div>
          {!show.ctc && !show.cc && (
            <p className="notice notice-warning">Your account has no application access yet. Please contact your group manager.</p>
          )}
        </>
      )}
    </section>
  );
}
