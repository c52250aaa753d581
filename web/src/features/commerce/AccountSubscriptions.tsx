import { useAccPaymentCheckQuery, usePaymentDetailsQuery } from './commerce-api';
import { SubscriptionsTable } from './components/SubscriptionsTable';
import { formatDate } from '../../lib/dates';
import './commerce.css';

/**
 * Who paid for the carbon calculator last (index §6: the expiry notice names the last
 * payer and subscriber contact if known). My account itself announces the expiry.
 */
function CarbonCalculatorPayer() {
  const { data } = useAccPaymentCheckQuery();
  if (!data || data.HasAccess || !data.LastPayer) return null;
  return (
    <p className="notice notice-warning">
      Carbon Calculator access for your organization was last paid by {data.LastPayer}
      {data.SubscriberEmail ? ` (${data.SubscriberEmail})` : ''}
      {data.ExpiresOn ? `, for access until ${formatDate(data.ExpiresOn)}` : ''}. Contact them or the Compliance Index team to renew it.
    </p>
  );
}

/**
 * My account's subscriptions section (accounts §6): admins see every subscription with
 * user and organization; group managers their group's; other users who last paid for
 * the carbon calculator (and the subscriptions they bought themselves, if any).
 */
export function AccountSubscriptions() {
  const { data, isLoading } = usePaymentDetailsQuery();
  const view = data?.View;
  return (
    <section className="section account-subscriptions" aria-labelledby="account-subscriptions-title">
      <h2 id="account-subscriptions-title">Subscriptions</h2>
      {view === 'user' && <CarbonCalculatorPayer />}
      {(view !== 'user' || (data?.Subscriptions.length ?? 0) > 0) && (
        <SubscriptionsTable rows={data?.Subscriptions ?? []} withBuyer={view === 'admin'} loading={isLoading} />
      )}
    </section>
  );
}
