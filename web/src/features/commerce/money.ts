const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2, minimumFractionDigits: 0 });

/** Integer cents shown as dollars: 2000000 → "$20,000". */
export const formatCents = (cents: number) => usd.format(cents / 100);

/** What an admin typed in dollars ("20,000" or "19.99") as integer cents, or null when it is not an amount. */
export function parseDollars(text: string): number | null {
  const clean = text.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  return Math.round(Number(clean) * 100);
}
