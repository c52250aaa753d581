import { useId, useState } from 'react';

import { CheckboxField } from '../../../components/form/fields';

export interface CheckOption<V extends string | number> {
  value: V;
  label: string;
  /** What choosing it means, in plain words (shown under the label). */
  description?: string;
  /** Shown ticked and unchangeable (something the editor may not take away). */
  locked?: boolean;
}

/** A labelled list of checkboxes for multi-choice fields (roles, groups, recipients), with a filter for long lists. */
export function CheckList<V extends string | number>({
  legend,
  options,
  selected,
  onChange,
  filterable = options.length > 12,
}: {
  legend: string;
  options: readonly CheckOption<V>[];
  selected: readonly V[];
  onChange(next: V[]): void;
  filterable?: boolean;
}) {
  const [filter, setFilter] = useState('');
  const filterId = useId();
  const shown = filter.trim() ? options.filter((o) => o.label.toLowerCase().includes(filter.trim().toLowerCase())) : options;
  const toggle = (value: V, on: boolean) => onChange(on ? [...selected, value] : selected.filter((v) => v !== value));
  return (
    <fieldset className="plain">
      <legend>{legend}</legend>
      {filterable && (
        <div className="filter-box">
          <label htmlFor={filterId} className="visually-hidden">
            Filter {legend.toLowerCase()}
          </label>
          <input
            id={filterId}
            type="search"
            placeholder={`Filter ${legend.toLowerCase()}…`}
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
          />
        </div>
      )}
      <div className={`check-list${options.some((o) => o.description) ? ' check-list-described' : ''}`}>
        {shown.map((o) => (
          <CheckboxField
            key={String(o.value)}
            label={o.description ? <span className="check-label">{o.label}</span> : o.label}
            description={o.description}
            checked={o.locked || selected.includes(o.value)}
            disabled={o.locked}
            onChange={(e) => toggle(o.value, e.target.checked)}
          />
        ))}
        {!shown.length && <span className="muted">Nothing to choose.</span>}
      </div>
    </fieldset>
  );
}
