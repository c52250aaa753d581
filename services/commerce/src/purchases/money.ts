const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** Integer cents as dollars: 2000000 → "$20,000". */
export const formatUsd = (cents: number) => usd.format(cents / 100);
