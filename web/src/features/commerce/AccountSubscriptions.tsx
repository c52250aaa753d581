import { Link } from 'react-router';

import { Spinner } from '../../components/form/fields';
import { formatDate } from '../../lib/dates';

import { useAccPaymentCheckQuery, useMySubscriptionsQuery, usePaymentDetailsQuery, usePurchaseHistoryQuery } from './commerce-api';
import { OwnedAccessSection } from './components/OwnedAccessSection';
import { SubscriptionsTable } from './components/SubscriptionsTable';
import { YourPlan } from './components/YourPlan';
import { formatUsd } from './money';
import { accessWithoutSubscription, useMyPlan } from './my-plan';
import './commerce.css';

/**
 * Who paid for the carbon calculator last (the index permission table: the expiry notice names the last
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

/** The user's receipts: each payment, what it paid for and until when, its transaction, and where it is used. */
function YourReceipts() {
  const { data, isLoading, isError } = usePurchaseHistoryQuery();
  if (isLoading) return <Spinner label="Loading your purchases…" />;
  if (isError) return <p className="muted">Your purchases could not be loaded. Try refreshing the page.</p>;
  if (!data?.length) return <p className="muted">You have not bought anything yet.</p>;
  return (
    <ul className="purchase-list receipts" aria-label="Receipts">
      {data.map((p) => (
        <li key={p.Id} className="receipt">
          <Link to={p.Link}>{p.Name}</Link>
          <span className="muted small">
            {p.Amount !== undefined && <strong>{formatUsd(p.Amount)}</strong>} paid on{' '}
            <time dateTime={p.Date} className="nowrap">
              {formatDate(p.Date)}
            </time>
            {p.TransactionId && <> · transaction {p.TransactionId}</>}
            {p.AccessEndsOn && !p.Refunded && <> · access until {formatDate(p.AccessEndsOn)}</>}
            {p.Refunded && <> · refunded</>}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * My account's commerce sections (My plan, for every buyer, a free user too): the plan the
 * user holds (with renewal or end and the upgrade on offer), their own subscriptions (cancel
 * and plan changes), what they own (countries to add to, certified scorecards to download)
 * and their receipts; then what the accounts permission table adds:
 * admins see every subscription with user and organization, group managers their
 * group's, and other users who last paid for the carbon calculator.
 */
export function AccountSubscriptions() {
  const { plan } = useMyPlan();
  const { data: mine = [], isLoading: loadingMine } = useMySubscriptionsQuery();
  const { data, isLoading } = usePaymentDetailsQuery();
  const view = data?.View;
  return (
    <>
      {plan && <YourPlan plan={plan} manageLink={false} />}
      <section className="section account-subscriptions" aria-labelledby="account-subscriptions-title">
        <h2 id="account-subscriptions-title">Subscriptions</h2>
        {view === 'user' && <CarbonCalculatorPayer />}
        {loadingMine || mine.length > 0 ? (
          <SubscriptionsTable rows={mine} withBuyer={false} loading={loadingMine} caption="Your subscriptions" />
        ) : (
          <p className="muted">
            {(plan && accessWithoutSubscription(plan)) ?? 'You have no subscriptions.'} <Link to="/purchaseAccess">See the plans</Link>
          </p>
        )}
      </section>
      <OwnedAccessSection />
      <section id="receipts" className="section" aria-labelledby="account-purchases-title">
        <h2 id="account-purchases-title">Receipts</h2>
        <YourReceipts />
      </section>
      {(view === 'admin' || view === 'groupManager') && (
        <section className="section" aria-labelledby="account-all-subscriptions-title">
          <h2 id="account-all-subscriptions-title">{view === 'admin' ? 'All subscriptions' : 'Your groups’ subscriptions'}</h2>
          <SubscriptionsTable
            rows={data?.Subscriptions ?? []}
            withBuyer={view === 'admin' || view === 'groupManager'}
            loading={isLoading}
            caption={view === 'admin' ? 'All subscriptions' : 'Your groups’ subscriptions'}
          />
        </section>
      )}
    </>
  );
}
