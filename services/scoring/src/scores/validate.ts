import { isValidInput } from '@cti/scoring-rules';
import { BadRequest } from '@cti/service-kit';

/** Inputs are numeric, 0 to 5 in steps of .5. */
export function requireInputs<K extends string>(body: Record<K, unknown>, variables: readonly K[]): Record<K, number> {
  const out = {} as Record<K, number>;
  for (const v of variables) {
    const value = body[v];
    if (!isValidInput(value)) throw new BadRequest(`Variable ${v} must be a number from 0 to 5 in steps of .5.`);
    out[v] = value;
  }
  return out;
}
