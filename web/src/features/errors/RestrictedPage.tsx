import { Link, useLocation, useSearchParams } from 'react-router';

import {
  canOpenScorecard,
  COUNTRY_PRICE,
  countryPurchaseOpens,
  PLAN_OFFERS,
  plansIncluding,
  RoleIds,
  satisfiesRule,
  type Principal,
  type RouteRule,
} from '@cti/access';

import { usePrincipal } from '../../app/hooks';
import { LockIcon } from '../../components/icons/Icons';
import { useProductsQuery } from '../commerce/commerce-api';
import { formatUsd } from '../commerce/money';
import { checkoutLink, productOf } from '../commerce/offers';
import { useIndexListQuery } from '../indexes/indexes-api';

/** What the guard hands over when a route's rule refused the user. */
export interface RestrictedState {
  from?: string;
  title?: string;
  rule?: RouteRule;
}

/** A free user, as the rules see one: what free access would give a visitor. */
const FREE_VISITOR: Principal = {
  roles: [RoleIds.FreeAccess],
  groups: [],
  isAdmin: false,
  isGroupManager: false,
  isAcid: false,
  email: '',
  free: true,
};

interface Way {
  key: string;
  title: string;
  text: string;
  price: string | null;
  to: string;
  action: string;
}

/**
 * /restricted: names what was asked for (a country's scorecard, or a page) and offers the
 * ways to get it: the plans that include it, buying the one country with its price, and
 * free access where that is enough; otherwise whom to ask.
 */
export default function RestrictedPage() {
  const principal = usePrincipal();
  const [params] = useSearchParams();
  const state = (useLocation().state as RestrictedState | null) ?? {};
  const countryId = params.get('country');
  const { data: rows = [] } = useIndexListQuery(undefined, { skip: !countryId || !principal });
  const { data: products = [] } = useProductsQuery(undefined, { skip: !principal });
  const country = countryId ? rows.find((r) => r.GroupId === countryId) : undefined;

  const allowed: ((p: Principal) => boolean) | null = countryId
    ? (p) => canOpenScorecard(p, { groupId: countryId, countryId: country?.CountryId ?? null })
    : state.rule
      ? (p) => satisfiesRule(p, state.rule!)
      : null;
  const asked = country
    ? `the scorecard of ${country.Group}${country.Period ? ` (${country.Period})` : ''}`
    : countryId
      ? 'this country’s scorecard'
      : state.title
        ? `the ${state.title} page`
        : 'this page';

  const ways: Way[] = [];
  if (allowed) {
    for (const plan of plansIncluding(allowed)) {
      const product = productOf(products, plan);
      ways.push({
        key: plan,
        title: PLAN_OFFERS[plan].label,
        text:
          plan === 'Standard'
            ? 'Every country’s scorecard with its scores A to F, explanatory texts and watchlist notices.'
            : 'Everything in Standard, plus score history charts, annotations, supporting documents and certified scorecards.',
        price: `${formatUsd(product?.Price ?? PLAN_OFFERS[plan].price)} per year`,
        to: product ? checkoutLink(product) : '/purchaseAccess',
        action: `Get the ${PLAN_OFFERS[plan].label}`,
      });
    }
    if (countryId && countryPurchaseOpens(allowed, countryId)) {
      const product = productOf(products, 'Country');
      const name = country?.Group ?? 'this country';
      ways.push({
        key: 'country',
        title: `${name} only`,
        text: `All materials of ${name} for a year: its scorecard, score history, annotations and documents.`,
        price: `${formatUsd(product?.Price ?? COUNTRY_PRICE)} per year`,
        to: product ? checkoutLink(product, [countryId]) : `/purchaseAccess?country=${encodeURIComponent(countryId)}`,
        action: `Buy ${name}`,
      });
    }
    if (!principal && allowed(FREE_VISITOR)) {
      ways.push({
        key: 'free',
        title: 'Free access',
        text: 'Free access is enough for this: give your name, company and e-mail address.',
        price: 'Free',
        to: '/login#free-access',
        action: 'Get free access',
      });
    }
  }

  return (
    <section className="card narrow error-page restricted-page" aria-labelledby="restricted-title">
      <p className="error-code" aria-hidden="true">
        <LockIcon size={56} className="error-icon" />
      </p>
      <h1 id="restricted-title">Restricted</h1>
      <p className="lead">
        Your access does not include {asked}.{' '}
        {ways.length ? 'Here is how to get it:' : 'If you believe it should, contact your group manager or the Compliance Index team.'}
      </p>
      {ways.length > 0 && (
        <ul className="restricted-ways">
          {ways.map((w) => (
            <li key={w.key} className="restricted-way">
              <div>
                <h2>{w.title}</h2>
                <p>{w.text}</p>
              </div>
              <div className="restricted-way-buy">
                {w.price && <strong>{w.price}</strong>}
                <Link className={`button ${w.key === 'country' ? 'button-primary' : 'button-secondary'}`} to={w.to}>
                  {w.action}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
      <p className="cluster">
        <Link to="/index">Back to the Compliance Index</Link>
        <Link to="/purchaseAccess">Compare plans</Link>
        <Link to="/contact/general">Contact us</Link>
      </p>
    </section>
  );
}
