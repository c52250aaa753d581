import { useEffect, useId, useState } from 'react';

import { AuditMessages, type FilterKey } from '@cti/contracts';

import { Button, SelectField, TextField } from '../../../components/form/fields';
import { useFailureToast } from '../../../components/toast/use-failure-toast';
import { useFilterSuggestionsQuery } from '../audit-api';

export interface FilterKeyOption {
  key: FilterKey;
  /** What the key is called on screen (Country reads "User Group" on the audit log). */
  label: string;
}

export interface AppliedFilter {
  key: FilterKey;
  value: string;
}

export interface KeyedFilterProps {
  keys: readonly FilterKeyOption[];
  filters: readonly AppliedFilter[];
  onChange(filters: AppliedFilter[]): void;
  /** Which suggestion list a shared key reads (audit or scores). */
  list?: 'audit' | 'scores';
}

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * The filter component: pick a key, type a value with suggestions from
 * `api/filter/{key}`, add it; added filters show as removable chips. Adding needs both a
 * key and a value ("Enter a valid filter first").
 */
export function KeyedFilter({ keys, filters, onChange, list }: KeyedFilterProps) {
  const [key, setKey] = useState<FilterKey | ''>('');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const suggestionsId = useId();
  const text = useDebounced(value.trim(), 250);
  const suggestions = useFilterSuggestionsQuery({ key: key as FilterKey, text: text || null, list }, { skip: !key });

  useFailureToast(suggestions.error, AuditMessages.filterLookupFailure);

  const labelOf = (k: FilterKey) => keys.find((o) => o.key === k)?.label ?? k;

  const add = () => {
    const trimmed = value.trim();
    if (!key || !trimmed) {
      setError(AuditMessages.invalidFilter);
      return;
    }
    setError(null);
    if (!filters.some((f) => f.key === key && f.value === trimmed)) onChange([...filters, { key, value: trimmed }]);
    setValue('');
  };

  return (
    <fieldset className="keyed-filter">
      <legend>Filters</legend>
      <div className="toolbar">
        <SelectField
          label="Filter by"
          value={key}
          onChange={(e) => {
            setKey(e.target.value as FilterKey | '');
            setError(null);
          }}
        >
          <option value="">Choose a field…</option>
          {keys.map((o) => (
            <option key={o.key} value={o.key}>
              {o.label}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Filter value"
          value={value}
          list={suggestionsId}
          autoComplete="off"
          error={error ?? undefined}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <datalist id={suggestionsId} data-testid="filter-suggestions">
          {(key ? (suggestions.data ?? []) : []).map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
        <Button variant="secondary" onClick={add}>
          Add filter
        </Button>
      </div>
      {filters.length > 0 && (
        <ul className="filter-chips" aria-label="Filters in use">
          {filters.map((f) => (
            <li key={`${f.key}:${f.value}`} className="filter-chip">
              <span>
                <span className="filter-chip-key">{labelOf(f.key)}:</span> {f.value}
              </span>
              <button
                type="button"
                className="icon-button"
                aria-label={`Remove filter ${labelOf(f.key)}: ${f.value}`}
                onClick={() => onChange(filters.filter((x) => x !== f))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
