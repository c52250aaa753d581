import { Link, useSearchParams } from 'react-router';

import { useAppConfigQuery } from '../../app/app-config';
import { useAppSelector } from '../../app/hooks';
import { Spinner } from '../../components/form/fields';

import { useCcRolesQuery, useCtcRolesQuery } from './auth-api';
import { selectUser } from './auth-slice';
import { landingFor } from './landing';
import './auth.css';

/**
 * Which applications the chooser offers: for a signed-in user, those
 * they hold a role of (the ctc and cc lists) and that can be entered here (the carbon
 * calculator only when this installation links it). Before sign-in nothing is known of
 * the visitor (their roles are not given away): the compliance index's sign-in is
 * offered, and the carbon calculator when it is linked.
 */
export function chooserButtons(
  userRoles: readonly number[] | null,
  ctc: readonly { Id: number }[],
  cc: readonly { Id: number }[],
  calculatorLinked: boolean,
): { ctc: boolean; cc: boolean; ccNotLinked: boolean } {
  if (userRoles === null) return { ctc: true, cc: calculatorLinked, ccNotLinked: false };
  const holdsCc = cc.some((r) => userRoles.includes(r.Id));
  return { ctc: ctc.some((r) => userRoles.includes(r.Id)), cc: holdsCc && calculatorLinked, ccNotLinked: holdsCc && !calculatorLinked };
}

/**
 * /user/flow (loginFlow, param email): the application chooser, Login CTC Compliance
 * Index and Login Carbon Calculator. The compliance index's terms gate applies to whoever
 * enters the compliance index, through its button.
 */
export default function LoginFlowPage() {
  const [params] = useSearchParams();
  const user = useAppSelector(selectUser);
  const email = params.get('email') ?? user?.Username ?? '';
  const { data: config, isLoading: configLoading } = useAppConfigQuery();
  const ctc = useCtcRolesQuery(undefined, { skip: !user });
  const cc = useCcRolesQuery(undefined, { skip: !user });
  const loading = configLoading || ctc.isLoading || cc.isLoading;
  const calculatorUrl = config?.carbonCalculatorUrl ?? '';
  const show = chooserButtons(user ? user.Roles : null, ctc.data ?? [], cc.data ?? [], !!calculatorUrl);
  const ctcTarget = user ? landingFor(user) : { pathname: `/login${email ? `?email=${encodeURIComponent(email)}` : ''}` };

  return (
    <section className="card narrow" aria-labelledby="flow-title">
      <h1 id="flow-title">Choose an application</h1>
      {loading ? (
        <Spinner />
      ) : (
        <>
          <div className="login-chooser">
            {show.ctc && (
              <Link className="button button-primary" to={ctcTarget.pathname} state={ctcTarget.state}>
                Login CTC Compliance Index
              </Link>
            )}
            {show.cc && (
              <a className="button button-secondary" href={calculatorUrl}>
                Login Carbon Calculator
              </a>
            )}
          </div>
          {show.ccNotLinked && (
            <p className="notice notice-info">
              Your account gives access to the Carbon Calculator, which is not linked on this installation.{' '}
              {!show.ctc && <Link to="/user/account">Go to My account</Link>}
            </p>
          )}
          {user && !show.ctc && !show.cc && !show.ccNotLinked && (
            <p className="notice notice-warning">Your account has no application access yet. Please contact your group manager.</p>
          )}
        </>
      )}
    </section>
  );
}
