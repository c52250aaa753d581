import { useParams } from 'react-router';

import { Button, Spinner } from '../../components/form/fields';
import { useToast } from '../../components/toast/use-toast';
import { answerText } from '../../lib/api-error';

import { useCancelLocalSessionMutation, useLocalSessionQuery, usePayLocalSessionMutation } from './commerce-api';
import { formatUsd } from './money';
import './commerce.css';

/** Leaves the app for the URL the provider answers (the checkout page with its session). */
const go = (url: string) => window.location.assign(url);

/**
 * /payment/local/{sessionId}: the local payment provider's confirmation page, standing
 * in for Stripe's hosted checkout where no card provider is configured (development,
 * demos, tests). Confirming takes the payment and returns to checkout, as Stripe does.
 */
export default function LocalPaymentPage() {
  const { sessionId = '' } = useParams();
  const { data: session, error, isLoading } = useLocalSessionQuery(sessionId);
  const [pay, { isLoading: paying }] = usePayLocalSessionMutation();
  const [cancel, { isLoading: cancelling }] = useCancelLocalSessionMutation();
  const toast = useToast();

  const act = async (action: typeof pay) => {
    const result = await action(sessionId);
    if ('error' in result) toast.danger(answerText(result.error) ?? 'The payment could not be taken.');
    else go(result.data.redirectUrl);
  };

  return (
    <section className="local-provider" aria-labelledby="local-provider-title">
      <div className="card narrow stack">
        <p className="eyebrow">Local payment provider · no card is charged</p>
        <h1 id="local-provider-title">Confirm your payment</h1>
        {isLoading && <Spinner />}
        {error && <p className="notice notice-danger">{answerText(error) ?? 'This checkout session does not exist.'}</p>}
        {session && (
          <>
            <dl className="local-provider-summary">
              <dt>Item</dt>
              <dd>{session.description}</dd>
              {session.quantity > 1 && (
                <>
                  <dt>Quantity</dt>
                  <dd>{session.quantity}</dd>
                </>
              )}
              <dt>{session.mode === 'subscription' ? 'Amount per year' : 'Amount'}</dt>
              <dd>
                <strong>{formatUsd(session.amount)}</strong> USD
              </dd>
            </dl>
            {session.status === 'open' ? (
              <div className="cluster">
                <Button onClick={() => act(pay)} busy={paying} disabled={cancelling}>
                  Pay {formatUsd(session.amount)}
                </Button>
                <Button variant="secondary" onClick={() => act(cancel)} busy={cancelling} disabled={paying}>
                  Cancel
                </Button>
              </div>
            ) : (
              <p className="notice">{session.status === 'paid' ? 'This payment has been made.' : 'This checkout was cancelled.'}</p>
            )}
          </>
        )}
      </div>
    </section>
  );
}
