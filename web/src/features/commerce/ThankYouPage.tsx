import { Link, useLocation } from 'react-router';

import { usePrincipal } from '../../app/hooks';
import { purchaseHistoryPath } from '../../app/menu';
import { CheckIcon } from '../../components/icons/Icons';
import { ChoosePasswordForm } from '../auth/ChoosePasswordForm';
import './commerce.css';

/** What checkout hands the thank-you page: what was bought and where it is opened. */
export interface ThankYouState {
  productName?: string;
  /** "Sri Lanka — certified scorecard, September 2026" */
  title?: string;
  /** The bought country's certified scorecard or scorecard, or the index. */
  link?: string;
}

/**
 * /thankyou: the payment is done; straight on to what was bought, or the index and the
 * purchase history (both open for every buyer). A free user who paid is offered a password
 * (or keeps signing in by e-mailed link).
 */
export default function ThankYouPage() {
  const state = (useLocation().state as ThankYouState | null) ?? {};
  const principal = usePrincipal();
  const what = state.title ?? state.productName;
  const opensItem = !!state.link && state.link !== '/index';
  return (
    <div className="stack narrow">
      <section className="card stack thankyou" aria-labelledby="thankyou-title">
        <p className="thankyou-mark" aria-hidden="true">
          <CheckIcon size={28} />
        </p>
        <h1 id="thankyou-title">Thank you for your purchase</h1>
        <p>
          {what ? `Your payment for ${what} is complete.` : 'Your payment is complete.'} A receipt is kept in your purchase history and has
          been sent to you by e-mail.
        </p>
        <div className="cluster">
          {opensItem ? (
            <Link className="button button-primary" to={state.link!}>
              Open {what}
            </Link>
          ) : (
            <Link className="button button-primary" to="/index">
              Go to the Compliance Index
            </Link>
          )}
          {opensItem && <Link to="/index">Go to the Compliance Index</Link>}
          <Link to={purchaseHistoryPath(principal)}>View your purchase history</Link>
        </div>
      </section>
      <ChoosePasswordForm lead="You paid with your e-mail address. Choose a password to sign in with it from now on; or keep signing in with a link we e-mail you each time, as now." />
    </div>
  );
}
