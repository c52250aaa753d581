import { INPUT_MAX, INPUT_MIN, INPUT_STEP, isValidInput } from '@cti/scoring-rules';

import { TextField } from '../../../components/form/fields';

export const INPUT_ERROR = 'Enter a number from 0 to 5 in steps of .5.';

/** A scoring input: numeric, 0 to 5, step .5. Holds text so a half-typed value is not lost. */
export function ScoreInput({
  variable,
  name,
  value,
  onChange,
  disabled,
}: {
  variable: string;
  /** The variable's name in the methodology, shown with its letter. */
  name: string;
  value: string;
  onChange(v: string): void;
  disabled?: boolean;
}) {
  const invalid = value.trim() === '' || !isValidInput(Number(value));
  return (
    <TextField
      label={`${variable} · ${name}`}
      type="number"
      inputMode="decimal"
      min={INPUT_MIN}
      max={INPUT_MAX}
      step={INPUT_STEP}
      value={value}
      disabled={disabled}
      error={invalid ? INPUT_ERROR : undefined}
      onChange={(e) => onChange(e.target.value)}
      className="score-input"
    />
  );
}

/** The inputs as numbers when every one is valid, else null. */
export function parseInputs<K extends string>(values: Record<K, string>): Record<K, number> | null {
  const out = {} as Record<K, number>;
  for (const [k, v] of Object.entries(values) as Array<[K, string]>) {
    const n = Number(v);
    if (v.trim() === '' || !isValidInput(n)) return null;
    out[k] = n;
  }
  return out;
}
