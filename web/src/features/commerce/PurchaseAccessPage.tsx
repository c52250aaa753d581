import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { CommerceMessages, type Product } from '@cti/contracts';
import { Button } from '../../components/form/fields';
import { FilterBox } from '../../components/form/FilterBox';
import { PageHeader } from '../../components/layout/PageHeader';
import { useProductsQuery, usePurchasableCountriesQuery } from './commerce-api';
import { formatCents } from './money';
import './commerce.css';

/** The three subscriptions of index §9, with the spec's prices for when a product is not (yet) found. */
const CARDS = [
  {
    key: 'enhanced',
    match: /enhanced/i,
    title: 'Enhanced',
    priceCents: 2_000_000,
    per: 'per annum',
    text: 'Member-level access: every scorecard with its details, score history charts, annotations, supporting documents and complimentary certified-for-transaction scorecards.',
  },
  {
    key: 'standard',
    match: /standard/i,
    title: 'Standard',
    priceCents: 1_000_000,
    per: 'per annum',
    text: 'Every scorecard with its scores A to F, explanatory texts and watchlist notices, and the historical data tables. Not included: annotations, score history charts, supporting-document downloads and complimentary certified-for-transaction scorecards (those can be ordered per country).',
  },
  {
    key: 'country',
    match: /country/i,
    title: 'Per country',
    priceCents: 200_000,
    per: 'per country per annum',
    text: 'All materials of the countries you choose. Several countries may be bought together.',
  },
] as const;

function checkoutLink(product: Product, groupIds: string[] = []) {
  const query = new URLSearchParams({ updatesRole: String(product.UpdatesRole) });
  if (product.planId) query.set('planId', product.planId);
  if (groupIds.length) query.set('groupId', groupIds.join(','));
  return `/checkout/${encodeURIComponent(product.Id)}?${query}`;
}

/** Purchase access: the three subscription cards; buttons wait for their product, per country for a country. */
export default function PurchaseAccessPage() {
  const { data: products = [], isLoading } = useProductsQuery();
  const { data: countries = [] } = usePurchasableCountriesQuery();
  const [selected, setSelected] = useState<string[]>([]);
  const [filter, setFilter] = useState('');
  const navigate = useNavigate();

  const productOf = (match: RegExp) => products.find((p) => !p.Deleted && match.test(p.Name) && !/cft download/i.test(p.Name));
  const shownCountries = useMemo(
    () => countries.filter((c) => c.Name.toLowerCase().includes(filter.trim().toLowerCase())),
    [countries, filter],
  );
  const toggle = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));

  return (
    <section aria-labelledby="purchase-access-title">
      <PageHeader
        titleId="purchase-access-title"
        title="Purchase access"
        lead="Subscriptions run for one year from payment and are paid by card, in US dollars. Your access changes as soon as the payment is complete."
      />
      <div className="grid-3 purchase-cards">
        {CARDS.map((card) => {
          const product = productOf(card.match);
          const perCountry = card.key === 'country';
          const blocked = !product || (perCountry && selected.length === 0);
          return (
            <article key={card.key} className="card stack purchase-card" aria-labelledby={`card-${card.key}`}>
              <h2 id={`card-${card.key}`}>{card.title}</h2>
              <p className="purchase-price">
                <strong>{formatCents(product?.PriceCents ?? card.priceCents)}</strong> <span className="muted">{card.per}</span>
              </p>
              <p>{card.text}</p>
              {perCountry && (
                <fieldset className="country-picker">
                  <legend>Countries</legend>
                  <FilterBox value={filter} onChange={setFilter} label="Find a country" placeholder="Find a country…" />
                  <ul className="country-options">
                    {shownCountries.map((c) => (
                      <li key={c.Id}>
                        <label>
                          <input type="checkbox" checked={selected.includes(c.Id)} onChange={() => toggle(c.Id)} /> {c.Name}
                        </label>
                      </li>
                    ))}
                  </ul>
                  <p className="muted small" aria-live="polite">
                    {selected.length
                      ? `${selected.length} selected: ${formatCents((product?.PriceCents ?? card.priceCents) * selected.length)} per annum`
                      : CommerceMessages.countryRequired}
                  </p>
                </fieldset>
              )}
              <Button
                disabled={blocked}
                busy={isLoading}
                onClick={() => product && navigate(checkoutLink(product, perCountry ? selected : []))}
                aria-label={`Purchase ${card.title}`}
              >
                Purchase
              </Button>
            </article>
          );
        })}
      </div>
    </section>
  );
}
