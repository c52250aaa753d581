import { Link } from 'react-router';

import { COUNTRY_PRICE, PLAN_OFFERS, planFeatureTable, PRICING_COLUMNS, type PricingColumn } from '@cti/access';
import type { OfferKind, PublicOffer } from '@cti/contracts';

import { useAppSelector } from '../../app/hooks';
import { PageHeader } from '../../components/layout/PageHeader';
import { selectUser } from '../auth/auth-slice';

import { usePublicOffersQuery } from './commerce-api';
import { formatUsd } from './money';
import './commerce.css';

/** The spec's prices, shown while the shop's own are loading or when it does not answer. */
const SPEC_PRICES: Record<OfferKind, number> = {
  Standard: PLAN_OFFERS.Standard.price,
  Enhanced: PLAN_OFFERS.Enhanced.price,
  Country: COUNTRY_PRICE,
  Certified: 500,
};

const CARDS: ReadonlyArray<{ kind: OfferKind; title: string; per: string; text: string }> = [
  {
    kind: 'Standard',
    title: 'Standard',
    per: 'per year',
    text: 'Every country scorecard with its scores A to F, explanatory texts and watchlist notices, and the historical data tables.',
  },
  {
    kind: 'Enhanced',
    title: 'Enhanced',
    per: 'per year',
    text: 'Member-level access: everything in Standard, with score history charts, annotations, supporting-document downloads and complimentary certified-for-transaction scorecards.',
  },
  {
    kind: 'Country',
    title: 'Per country',
    per: 'per country per year',
    text: 'All the materials of the countries you choose, one or several: their full scorecards, charts, annotations and documents.',
  },
  {
    kind: 'Certified',
    title: 'Certified scorecard',
    per: 'per country, one-time',
    text: 'One country’s scorecard certified for use in a transaction, as a PDF with a verification code, for the period its scorecard shows now.',
  },
];

const COLUMN_TITLES: Record<PricingColumn, string> = {
  Free: 'Free access',
  Country: 'Per country',
  Standard: 'Standard',
  Enhanced: 'Enhanced',
};

/** One clearly marked sample of what a full scorecard shows (made-up figures, no real country). */
const SAMPLE = {
  score: 78.5,
  category: 'High',
  variables: [
    ['A', 'Qualifying declarations and their implementation', 4.5],
    ['B', 'Remedies on default: repossession and export', 4],
    ['C', 'Insolvency: Alternative A and its waiting period', 3.5],
    ['D', 'Registration and the International Registry', 4],
    ['E', 'Courts: speed and predictability of relief', 3],
    ['F', 'Government practice and the IDERA', 3.5],
  ] as const,
};

function Mark({ included }: { included: boolean }) {
  return included ? (
    <span className="pricing-yes" aria-label="Included" role="img">
      ✓
    </span>
  ) : (
    <span className="pricing-no" aria-label="Not included" role="img">
      ✗
    </span>
  );
}

/**
 * /pricing, for everyone, signed in or not: the three plans and the certified scorecard with
 * their prices now, a ✓/✗ table of what each plan includes (asked of the access rules
 * themselves), and a clearly marked sample scorecard. Buying needs an account: free access
 * first (or sign in), then the purchase page.
 */
export default function PricingPage() {
  const user = useAppSelector(selectUser);
  const { data: offers = [] } = usePublicOffersQuery();
  const offerOf = (kind: OfferKind): PublicOffer | undefined => offers.find((o) => o.Kind === kind);
  const buy = user ? '/purchaseAccess' : '/login#free-access';
  const table = planFeatureTable();

  return (
    <section aria-labelledby="pricing-title" className="pricing stack">
      <PageHeader
        titleId="pricing-title"
        eyebrow="Plans and prices"
        title="What you can read, and what it costs"
        lead="Free access shows every state’s score and category. Subscriptions run for one year from payment and add the full scorecards; prices are in US dollars."
      />
      <div className="grid-4 pricing-cards">
        {CARDS.map((card) => (
          <article key={card.kind} className="card stack pricing-card" aria-labelledby={`pricing-${card.kind}`}>
            <h2 id={`pricing-${card.kind}`}>{card.title}</h2>
            <p className="purchase-price">
              <strong>{formatUsd(offerOf(card.kind)?.Price ?? SPEC_PRICES[card.kind])}</strong> <span className="muted">{card.per}</span>
            </p>
            <p>{card.text}</p>
          </article>
        ))}
      </div>
      <p className="cluster">
        <Link className="button button-primary" to={buy}>
          {user ? 'Choose your plan' : 'Get free access, then buy'}
        </Link>
        {!user && <Link to="/login">Sign in</Link>}
        <Link to="/purchasingAccess">How buying works</Link>
      </p>

      <section className="section" aria-labelledby="pricing-features-title">
        <h2 id="pricing-features-title">What each plan includes</h2>
        <div className="table-scroll">
          <table className="simple-table pricing-table">
            <caption className="visually-hidden">Features included in each plan</caption>
            <thead>
              <tr>
                <th scope="col">Feature</th>
                {PRICING_COLUMNS.map((column) => (
                  <th key={column} scope="col" className="text-center">
                    {COLUMN_TITLES[column]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.map((row) => (
                <tr key={row.feature}>
                  <th scope="row">{row.feature}</th>
                  {PRICING_COLUMNS.map((column) => (
                    <td key={column} className="text-center">
                      <Mark included={row.includedIn[column]} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="muted small">
          Per country: for the countries bought. Certified scorecards can also be ordered one country at a time.
        </p>
      </section>

      <section className="section card pricing-sample" aria-labelledby="pricing-sample-title">
        <p className="badge pricing-sample-badge">Sample · made-up figures, not a real country</p>
        <h2 id="pricing-sample-title">A full scorecard, as subscribers see it</h2>
        <p>
          <strong>Score {SAMPLE.score}</strong> · category <strong>{SAMPLE.category}</strong>
        </p>
        <table className="simple-table">
          <caption className="visually-hidden">Sample scores A to F</caption>
          <thead>
            <tr>
              <th scope="col">Variable</th>
              <th scope="col">What it measures</th>
              <th scope="col" className="text-right">
                Score (0 to 5)
              </th>
            </tr>
          </thead>
          <tbody>
            {SAMPLE.variables.map(([letter, what, value]) => (
              <tr key={letter}>
                <th scope="row">{letter}</th>
                <td>{what}</td>
                <td className="text-right">{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="muted small">
          A real scorecard adds the explanatory comments, how the score could improve, watchlist notices, the score history and the
          acknowledgements. See the <Link to="/about/methodology">methodology</Link> for how the score is made.
        </p>
      </section>
    </section>
  );
}
