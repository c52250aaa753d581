/**
 * Facts about how the Index is made, stated once so
 * every page that mentions them says the same thing.
 */
export const IndexFacts = {
  /** The indexes are updated twice a year. */
  updateMonths: ['March', 'September'] as const,
  /** Law firms responding per country. */
  lawFirmsPerCountry: { min: 2, max: 10 },
  /** Firms whose input is needed before a country is scored. */
  firmsNeededToScore: 2,
  /** States noted as having ratified the treaty. */
  ratifiedBy: 90,
} as const;

/** "two" for 2, for prose. */
export const numberWord = (n: number) =>
  ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'][n] ?? String(n);

/** Subscription prices in USD per annum, as the guides state them; checkout shows the product's own price. */
export const SubscriptionPrices = { enhanced: 20_000, standard: 10_000, perCountry: 2_000 } as const;

export const formatUsd = (dollars: number) => `$${dollars.toLocaleString('en-US')}`;
