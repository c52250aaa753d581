import { BadRequest } from './errors';

/**
 * Postgres "data exception" (SQLSTATE class 22) answers: the database refused a value
 * as data (an id that is no uuid, a number past its column, a date out of range, text
 * too long for its column). The value came from the request, so it is the caller's
 * error and gets a 400, never a 500. Schemas should refuse such values first, naming
 * the field; this is the net below them (the hostile-input test fails when it catches
 * anything, so each case gets its schema fixed).
 */
const MESSAGES: Record<string, string> = {
  '22P02': 'Invalid input: a value is not in the expected form (an id, a number or a date).',
  '22003': 'Invalid input: a number is out of range.',
  '22007': 'Invalid input: a date is not valid.',
  '22008': 'Invalid input: a date is out of range.',
  '22001': 'Invalid input: a text is too long.',
  '22021': 'Invalid input: a text holds characters that cannot be stored.',
  '22P05': 'Invalid input: a text holds characters that cannot be stored.',
};

/** The prefix of every answer given from this net (tests look for it). */
export const DATABASE_REFUSED_INPUT = 'Invalid input: ';

/** A 400 for a database data exception caused by input, or null for any other error. */
export function refusedInputOf(error: unknown): BadRequest | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !/^22[0-9A-Z]{3}$/.test(code)) return null;
  return new BadRequest(MESSAGES[code] ?? `${DATABASE_REFUSED_INPUT}a value is malformed or out of range.`);
}
