import { Link } from 'react-router';

import { formatUsd, SubscriptionPrices } from '../index-facts';

import { HowToLayout, type GuideStep } from './HowToLayout';

const STEPS: readonly GuideStep[] = [
  {
    title: 'Sign in, or take free access',
    body: (
      <p>
        Purchases are made from a signed-in account. If you have none, take free access on the <Link to="/login">login page</Link> with your
        name, company and e-mail address, and confirm the address from the e-mail you receive.
      </p>
    ),
  },
  {
    title: 'Choose the access you need',
    body: (
      <>
        <p>
          The <Link to="/purchaseAccess">purchase access</Link> page offers three subscriptions:
        </p>
        <ul>
          <li>
            <strong>Enhanced</strong>, {formatUsd(SubscriptionPrices.enhanced)} per annum: every scorecard with its details, score history
            charts, annotations, supporting documents, and complimentary certified-for-transaction scorecards.
          </li>
          <li>
            <strong>Standard</strong>, {formatUsd(SubscriptionPrices.standard)} per annum: every scorecard with its scores and explanatory
            texts, without annotations, score history charts, supporting-document downloads and complimentary certified scorecards.
          </li>
          <li>
            <strong>Per country</strong>, {formatUsd(SubscriptionPrices.perCountry)} per state per annum: the scorecard materials of the
            states you select. Select one or more states before checking out.
          </li>
        </ul>
      </>
    ),
  },
  {
    title: 'Or order a certified-for-transaction scorecard',
    body: (
      <p>
        On the <Link to="/index">Compliance Index</Link> list, the certified-for-transaction column shows <em>Download</em> when your access
        includes the certified scorecard and <em>Order</em> otherwise. Order takes you to checkout for that state's scorecard.
      </p>
    ),
  },
  {
    title: 'Check out',
    body: (
      <p>
        The checkout page lists the product, its description and the amount in US dollars. Pay with the card payment provider's buttons and
        keep the page open until it confirms the payment. Your card details go to the payment provider only.
      </p>
    ),
  },
  {
    title: 'Start using your access',
    body: (
      <p>
        The thank-you page links back to the index and to your purchase history. A purchase that changes your access takes effect at once;
        if your session cannot be refreshed you are asked to check your e-mail and sign in again.
      </p>
    ),
  },
  {
    title: 'Manage purchases and subscriptions',
    body: (
      <p>
        <Link to="/history">Purchase History</Link> lists what you have bought. <Link to="/user/account">My account</Link> lists your
        subscriptions with their renewal date; cancelling there stops the next renewal.
      </p>
    ),
  },
];

/** /purchasingAccess: how to buy access to the non-public Index materials. */
export default function PurchasingAccessPage() {
  return (
    <HowToLayout
      title="Purchasing Access to Non-Public Index Materials"
      lead="Scores and categories are open to every registered user. Scorecard details, history, annotations, documents and certified scorecards are sold by subscription or per order, in US dollars."
      video="purchasingAccess"
      steps={STEPS}
      aside={
        <p className="muted small">
          Questions about an order or an invoice? <Link to="/contact/general">Contact us</Link>.
        </p>
      }
    />
  );
}
