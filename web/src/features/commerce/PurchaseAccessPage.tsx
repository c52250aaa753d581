import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

import { CommerceMessages } from '@cti/contracts';

import { Button } from '../../components/form/fields';
import { CheckIcon } from '../../components/icons/Icons';
import { PageHeader } from '../../components/layout/PageHeader';

import { useOwnedQuery, usePurchasableCountriesQuery } from './commerce-api';
import { CountryPicker } from './components/CountryPicker';
import { useUpgrade, YourPlan } from './components/YourPlan';
import { formatUsd } from './money';
import { useMyPlan } from './my-plan';
import { checkoutLink, productOf, type OfferKind } from './offers';
import './commerce.css';

/** The three subscriptions of the index business limits, with the spec's prices for when a product is not (yet) found. */
const CARDS: ReadonlyArray<{ key: OfferKind; title: string; price: number; per: string; text: string }> = [
  {
    key: 'Enhanced',
    title: 'Enhanced',
    price: 20_000,
    per: 'per annum',
    text: 'Member-level access: every scorecard with its details, score history charts, annotations, supporting documents and complimentary certified-for-transaction scorecards.',
  },
  {
    key: 'Standard',
    title: 'Standard',
    price: 10_000,
    per: 'per annum',
    text: 'Every scorecard with its scores A to F, explanatory texts and watchlist notices, and the historical data tables. Not included: annotations, score history charts, supporting-document downloads and complimentary certified-for-transaction scorecards (those can be ordered per country).',
  },
  {
    key: 'Country',
    title: 'Per country',
    price: 2_000,
    per: 'per country per annum',
    text: 'All materials of the countries you choose. Several countries may be bought together.',
  },
];

/**
 * Purchase access: the user's plan with its renewal or end and the upgrade on offer, then
 * the three subscription cards (the one held is marked); buttons wait for their product,
 * per country for a country (a country asked for from a locked row comes pre-selected).
 */
export default function PurchaseAccessPage() {
  const { plan, products, loading } = useMyPlan();
  const { data: countries = [] } = usePurchasableCountriesQuery();
  const { data: ownedAccess } = useOwnedQuery();
  const owned = useMemo(() => new Set((ownedAccess?.Countries ?? []).map((c) => c.GroupId)), [ownedAccess]);
  const [params] = useSearchParams();
  const [picked, setSelected] = useState<string[]>(() => params.getAll('country'));
  // countries owned already are ticked and not bought again
  const selected = picked.filter((id) => !owned.has(id));
  const navigate = useNavigate();

  const upgrade = useUpgrade(plan);
  const toggle = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const held = plan?.kind;

  return (
    <section aria-labelledby="purchase-access-title">
      <PageHeader
        titleId="purchase-access-title"
        title="Purchase access"
        lead="Subscriptions run for one year from payment and are paid by card, in US dollars. Your access changes as soon as the payment is complete."
      />
      {plan && <YourPlan plan={plan} />}
      <div className="grid-3 purchase-cards">
        {CARDS.map((card) => {
          const product = productOf(products, card.key);
          const perCountry = card.key === 'Country';
          // countries are bought one by one: owning some never closes the card
          const isHeld =
            !perCountry && (held === card.key || held === 'Member' || held === 'Admin' || (held === 'Enhanced' && card.key === 'Standard'));
          const isUpgrade = plan?.upgrade?.to === card.key;
          const blocked = !product || (perCountry && selected.length === 0);
          return (
            <article
              key={card.key}
              className={`card stack purchase-card${isHeld ? ' purchase-card-held' : ''}${isUpgrade ? ' purchase-card-upgrade' : ''}`}
              aria-labelledby={`card-${card.key}`}
            >
              <h2 id={`card-${card.key}`}>
                {card.title}
                {held === card.key && <span className="badge purchase-badge">Your plan</span>}
              </h2>
              <p className="purchase-price">
                <strong>{formatUsd(product?.Price ?? card.price)}</strong> <span className="muted">{card.per}</span>
              </p>
              <p>{card.text}</p>
              {perCountry && (
                <CountryPicker
                  countries={countries}
                  owned={owned}
                  selected={selected}
                  onToggle={toggle}
                  summary={
                    selected.length
                      ? `${selected.length} selected: ${formatUsd((product?.Price ?? card.price) * selected.length)} per annum`
                      : owned.size
                        ? `You own ${owned.size === 1 ? 'one country' : `${owned.size} countries`}. Tick more to add them. ${CommerceMessages.countryRequired}`
                        : CommerceMessages.countryRequired
                  }
                />
              )}
              {isHeld ? (
                <p className="purchase-held">
                  <CheckIcon /> Included in your plan
                </p>
              ) : (
                <Button
                  disabled={blocked || (isUpgrade && !upgrade.possible)}
                  busy={loading || (isUpgrade && upgrade.switching)}
                  onClick={() => (isUpgrade ? upgrade.start() : product && navigate(checkoutLink(product, perCountry ? selected : [])))}
                  aria-label={
                    isUpgrade
                      ? `Upgrade to ${card.title}`
                      : perCountry && owned.size
                        ? 'Add countries (Per country)'
                        : `Purchase ${card.title}`
                  }
                >
                  {isUpgrade ? 'Upgrade' : perCountry && owned.size ? 'Add countries' : 'Purchase'}
                </Button>
              )}
            </article>
          );
        })}
      </div>
    </section>
  );
}
