import { Link } from 'react-router';

import { COUNTRY_PRICE, currentPlan, PLAN_OFFERS, type Principal } from '@cti/access';

import { formatUsd } from '../../commerce/money';

/**
 * The one offer of the list, for those the product sells to who meet locked rows: what
 * their access shows, and what opens the full scorecards, with the prices.
 */
export function IndexOffer({ principal }: { principal: Principal }) {
  const free = currentPlan(principal).kind === 'Free';
  return (
    <aside className="notice notice-info index-offer" aria-labelledby="index-offer-title">
      <div>
        <h2 id="index-offer-title" className="index-offer-title">
          {free ? 'Your free access shows every country’s score and category' : 'Your access opens the countries you bought'}
        </h2>
        <p>
          Full scorecards (scores A to F, explanatory texts and watchlist notices) come with the {PLAN_OFFERS.Standard.label} at{' '}
          {formatUsd(PLAN_OFFERS.Standard.price)} per year, or country by country at {formatUsd(COUNTRY_PRICE)} per country per year.
          Countries marked with a lock are not in your access.
        </p>
      </div>
      <Link className="button button-primary" to="/purchaseAccess">
        Compare plans
      </Link>
    </aside>
  );
}
