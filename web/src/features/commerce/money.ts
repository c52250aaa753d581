const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2, minimumFractionDigits: 0 });

/** An API amount (US dollars) shown: 20000 → "$20,000", 19.99 → "$19.99". */
export const formatUsd = (dollars: number) => usd.format(dollars);

/** What an admin typed in dollars ("20,000" or "19.99") as the API's dollars, or null when it is not an amount. */
export function parseDollars(text: string): number | null {
  const clean = text.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  return Number(clean);
}
