import { useAccPaymentCheckQuery, usePaymentDetailsQuery } from './commerce-api';
import { SubscriptionsTable } from './components/SubscriptionsTable';
import { formatShortDate } from '../../lib/dates';
import './commerce.css';

/** The carbon-calculator access notice (index §6): who paid last, and when access ended or ends. */
function CarbonCalculatorNotice() {
  const { data } = useAccPaymentCheckQuery();
  if (!data) return null;
  const payer = data.LastPayer ? ` The last payment was made by ${data.LastPayer}${data.SubscriberEmail ? ` (${data.SubscriberEmail})` : ''}.` : '';
  if (data.HasAccess) {
    return (
      <p className="notice notice-success">
        Your Carbon Calculator access is active{data.ExpiresOn ? ` until ${formatShortDate(data.ExpiresOn)}` : ''}.{payer}
      </p>
    );
  }
  return (
    <p className="notice notice-warning">
      Your Carbon Calculator access has expired{data.ExpiresOn ? ` (it ended on ${formatShortDate(data.ExpiresOn)})` : ''}.{payer} To renew it, contact the subscriber of your
      organization or the Compliance Index team.
    </p>
  );
}

/**
 * My account's subscriptions section (accounts §6): admins see every subscription with
 * user and organization; group managers their group's; other users the carbon
 * calculator access notice (and the subscriptions they bought themselves).
 */
export function AccountSubscriptions() {
  const { data, isLoading } = usePaymentDetailsQuery();
  const view = data?.View;
  return (
    <section className="section account-subscriptions" aria-labelledby="account-subscriptions-title">
      <h2 id="account-subscriptions-title">Subscriptions</h2>
      {view === 'user' && <CarbonCalculatorNotice />}
      {(view !== 'user' || (data?.Subscriptions.length ?? 0) > 0) && (
        <SubscriptionsTable rows={data?.Subscriptions ?? []} withBuyer={view === 'admin'} loading={isLoading} />
      )}
    </section>
  );
}
