import { useId } from 'react';

/** The text filter above admin tables. */
export function FilterBox({
  value,
  onChange,
  label = 'Filter',
  placeholder = 'Filter…',
}: {
  value: string;
  onChange(v: string): void;
  label?: string;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div className="filter-box">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input id={id} type="search" value={value} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}
