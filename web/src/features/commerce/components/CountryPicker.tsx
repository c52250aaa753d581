import { useMemo, useState } from 'react';

import type { PurchasableCountry } from '@cti/contracts';

import { FilterBox } from '../../../components/form/FilterBox';
import { CheckIcon } from '../../../components/icons/Icons';

/**
 * Countries to buy with the per-country subscription: a filter and a checkbox per country;
 * those the buyer already owns are ticked, cannot be unticked and say so.
 */
export function CountryPicker({
  countries,
  owned,
  selected,
  onToggle,
  summary,
}: {
  countries: readonly PurchasableCountry[];
  owned: ReadonlySet<string>;
  selected: readonly string[];
  onToggle(id: string): void;
  summary: string;
}) {
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => countries.filter((c) => c.Name.toLowerCase().includes(filter.trim().toLowerCase())), [countries, filter]);
  return (
    <fieldset className="country-picker">
      <legend>Countries</legend>
      <FilterBox value={filter} onChange={setFilter} label="Find a country" placeholder="Find a country…" />
      <ul className="country-options">
        {shown.map((c) =>
          owned.has(c.Id) ? (
            <li key={c.Id}>
              <label className="country-owned">
                <input type="checkbox" checked disabled aria-describedby={`owned-${c.Id}`} /> {c.Name}{' '}
                <span id={`owned-${c.Id}`} className="badge">
                  <CheckIcon /> Owned
                </span>
              </label>
            </li>
          ) : (
            <li key={c.Id}>
              <label>
                <input type="checkbox" checked={selected.includes(c.Id)} onChange={() => onToggle(c.Id)} /> {c.Name}
              </label>
            </li>
          ),
        )}
      </ul>
      <p className="muted small" aria-live="polite">
        {summary}
      </p>
    </fieldset>
  );
}
