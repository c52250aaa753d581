import { useState } from 'react';
import { useNavigate } from 'react-router';

import { CommerceMessages, ScoringMessages, type OwnedAccess } from '@cti/contracts';

import { Button, Spinner } from '../../../components/form/fields';
import { useHashScroll } from '../../../components/scroll/use-hash-scroll';
import { useToast } from '../../../components/toast/use-toast';
import { formatDate } from '../../../lib/dates';
import { saveDownloadedFile } from '../../../lib/file-download';
import { useDownloadCftMutation } from '../cft-download-api';
import { useOwnedQuery, useProductsQuery, usePurchasableCountriesQuery } from '../commerce-api';
import { formatUsd } from '../money';
import { checkoutLink, productOf } from '../offers';

import { CountryPicker } from './CountryPicker';

const renewal = (s: { RenewsOn: string | null; EndsOn: string | null }) =>
  s.RenewsOn ? `renews on ${formatDate(s.RenewsOn)}` : s.EndsOn ? `cancelled: access ends on ${formatDate(s.EndsOn)}` : '';

/** One certified scorecard the buyer ordered: its PDF while its country's scorecard still shows the period ordered. */
function CertifiedScorecardRow({ item }: { item: OwnedAccess['CertifiedScorecards'][number] }) {
  const [download, { isLoading }] = useDownloadCftMutation();
  const toast = useToast();
  const what = `${item.Country} — certified scorecard, ${item.Period}`;
  return (
    <li className="owned-row">
      <span>
        <strong>{what}</strong> <span className="muted small nowrap">ordered {formatDate(item.PurchasedOn)}</span>
      </span>
      {item.Current ? (
        <Button
          variant="secondary"
          busy={isLoading}
          aria-label={`Download ${what}`}
          onClick={async () => {
            const result = await download(item.GroupId);
            if ('data' in result && result.data) saveDownloadedFile(result.data);
            else toast.danger(ScoringMessages.printFailed, 5000);
          }}
        >
          Download the certified PDF
        </Button>
      ) : (
        <span className="muted small">{item.Country}’s scorecard now shows a later period: this order is no longer downloadable.</span>
      )}
    </li>
  );
}

/** "Add countries": the per-country subscription for countries not owned yet, straight to checkout. */
function AddCountries({ owned }: { owned: ReadonlySet<string> }) {
  const { data: countries = [] } = usePurchasableCountriesQuery();
  const { data: products = [] } = useProductsQuery();
  const [selected, setSelected] = useState<string[]>([]);
  const navigate = useNavigate();
  const product = productOf(products, 'Country');
  if (!product) return null;
  const toggle = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  return (
    <section className="stack" aria-labelledby="add-countries-title">
      <h3 id="add-countries-title">Add countries</h3>
      <CountryPicker
        countries={countries}
        owned={owned}
        selected={selected}
        onToggle={toggle}
        summary={
          selected.length
            ? `${selected.length} selected: ${formatUsd(product.Price * selected.length)} per annum`
            : `${formatUsd(product.Price)} per country per annum. ${CommerceMessages.countryRequired}`
        }
      />
      <div>
        <Button disabled={!selected.length} onClick={() => navigate(checkoutLink(product, selected))}>
          Add {selected.length > 1 ? `${selected.length} countries` : selected.length ? 'this country' : 'countries'} at checkout
        </Button>
      </div>
    </section>
  );
}

/**
 * What the buyer owns now (GET api/purchase/owned): their plan subscriptions with renewal or
 * end (and a downgrade waiting for the renewal), their countries and "Add countries", and
 * their certified scorecards (#certified, where every buyer downloads them).
 */
export function OwnedAccessSection() {
  const { data, isLoading, isError } = useOwnedQuery();
  useHashScroll();
  if (isLoading) return <Spinner label="Loading what you own…" />;
  if (isError || !data) return <p className="muted">What you own could not be loaded. Try refreshing the page.</p>;
  const owned = new Set(data.Countries.map((c) => c.GroupId));
  return (
    <section className="section stack owned-access" aria-labelledby="owned-title">
      <h2 id="owned-title">What you own</h2>
      {data.Plans.length > 0 && (
        <ul className="owned-list" aria-label="Plans">
          {data.Plans.map((p) => (
            <li key={p.SubscriptionId} className="owned-row">
              <span>
                <strong>{p.Name}</strong> <span className="muted">{renewal(p)}</span>
                {p.ChangesTo && (
                  <span className="muted">
                    {' '}
                    · moves to {p.ChangesTo.Name} on {formatDate(p.ChangesTo.On)}
                  </span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      <section aria-labelledby="owned-countries-title" className="stack">
        <h3 id="owned-countries-title">Countries</h3>
        {data.Countries.length ? (
          <ul className="owned-list" aria-label="Countries you own">
            {data.Countries.map((c) => (
              <li key={`${c.SubscriptionId}-${c.GroupId}`} className="owned-row">
                <span>
                  <strong>{c.Name}</strong> <span className="muted">{renewal(c)}</span>
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">You have not bought any country yet.</p>
        )}
        <AddCountries owned={owned} />
      </section>
      <section id="certified" aria-labelledby="owned-certified-title" className="stack">
        <h3 id="owned-certified-title">Certified scorecards</h3>
        {data.CertifiedScorecards.length ? (
          <ul className="owned-list" aria-label="Certified scorecards">
            {data.CertifiedScorecards.map((c) => (
              <CertifiedScorecardRow key={`${c.GroupId}-${c.PeriodId}`} item={c} />
            ))}
          </ul>
        ) : (
          <p className="muted">You have not ordered a certified scorecard. Order one from a country’s row of the Compliance Index.</p>
        )}
      </section>
    </section>
  );
}
