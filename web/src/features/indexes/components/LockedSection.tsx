import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { COUNTRY_PRICE, countryPurchaseOpens, PLAN_OFFERS, plansIncluding, type Principal } from '@cti/access';

import { LockIcon } from '../../../components/icons/Icons';
import { useProductsQuery } from '../../commerce/commerce-api';
import { formatUsd } from '../../commerce/money';
import { checkoutLink, productOf } from '../../commerce/offers';

/** The country a teaser is about: what buying it alone would open. */
export interface TeaserCountry {
  groupId: string;
  name: string;
}

/**
 * A scorecard section the reader's plan lacks: its title, what it holds, a faint preview,
 * and the ways to get it: the plan that includes it (asked of the access rule itself) and,
 * where buying the one country opens it, that purchase with its price.
 */
export function LockedSection({
  id,
  title,
  holds,
  allowed,
  country,
  preview,
}: {
  id: string;
  title: string;
  /** What the section holds, in a sentence. */
  holds: ReactNode;
  /** The access rule of the section, for a stand-in subscriber of each plan. */
  allowed(p: Principal): boolean;
  /** The country it is about, which may be bought alone; none for a section about several. */
  country?: TeaserCountry;
  preview?: ReactNode;
}) {
  const { data: products = [] } = useProductsQuery();
  const plans = plansIncluding(allowed);
  const byCountry = !!country && countryPurchaseOpens(allowed, country.groupId);
  const countryProduct = productOf(products, 'Country');
  const cheapest = plans[0];
  const planProduct = cheapest ? productOf(products, cheapest) : undefined;
  return (
    <section id={id} className="section locked-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        {title} <LockIcon className="locked-section-icon" />
      </h2>
      <div className="locked-section-body">
        {preview && (
          <div className="locked-preview" aria-hidden="true">
            {preview}
          </div>
        )}
        <div className="locked-offer">
          <p>{holds}</p>
          <p className="locked-plans">
            {cheapest ? (
              <>
                Included in the <strong>{plans.map((p) => PLAN_OFFERS[p].label).join(' and the ')}</strong>
                {byCountry && country && (
                  <>
                    , or buy <strong>{country.name}</strong> alone for {formatUsd(countryProduct?.Price ?? COUNTRY_PRICE)} per year
                  </>
                )}
                .
              </>
            ) : (
              'Not included in a plan for sale; contact the Compliance Index team.'
            )}
          </p>
          <div className="cluster">
            {cheapest && (
              <Link className="button button-primary button-small" to={planProduct ? checkoutLink(planProduct) : '/purchaseAccess'}>
                Get the {PLAN_OFFERS[cheapest].label}
              </Link>
            )}
            {byCountry && country && countryProduct && (
              <Link className="button button-secondary button-small" to={checkoutLink(countryProduct, [country.groupId])}>
                Buy {country.name}
              </Link>
            )}
            <Link to="/purchaseAccess">Compare plans</Link>
          </div>
        </div>
      </div>
    </section>
  );
}

/** A faint sketch of a line chart: what a history teaser looks like behind its lock. */
export function ChartSketch() {
  return (
    <svg viewBox="0 0 240 90" width="100%" height="90">
      {[15, 40, 65].map((y) => (
        <line key={y} x1="0" x2="240" y1={y} y2={y} stroke="currentColor" strokeOpacity="0.15" />
      ))}
      <polyline points="5,70 55,60 105,52 155,38 205,30 235,22" fill="none" stroke="currentColor" strokeWidth="3" strokeOpacity="0.35" />
      <polyline points="5,50 55,55 105,40 155,45 205,20 235,25" fill="none" stroke="currentColor" strokeWidth="3" strokeOpacity="0.2" />
    </svg>
  );
}

/** A faint sketch of a document list. */
export function DocumentsSketch() {
  return (
    <svg viewBox="0 0 240 90" width="100%" height="90">
      {[10, 38, 66].map((y) => (
        <g key={y} fill="currentColor" fillOpacity="0.18">
          <rect x="0" y={y} width="14" height="18" rx="2" />
          <rect x="22" y={y + 3} width="150" height="5" rx="2" />
          <rect x="22" y={y + 11} width="90" height="4" rx="2" fillOpacity="0.1" />
        </g>
      ))}
    </svg>
  );
}
