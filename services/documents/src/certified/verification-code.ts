import { randomInt } from 'node:crypto';

/** Crockford's base 32: no I, L, O or U, so a code read aloud or typed from paper survives. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 10;

/** A new code such as `K7Q2M-9XD4T` (50 random bits; look-ups are rate-limited). */
export function newVerificationCode(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** What a person typed, as stored: upper case, dash in the middle, look-alike letters mapped. Null when it cannot be a code. */
export function normalizeVerificationCode(raw: string): string | null {
  const compact = raw.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (compact.length !== LENGTH || [...compact].some((c) => !ALPHABET.includes(c))) return null;
  return `${compact.slice(0, 5)}-${compact.slice(5)}`;
}
