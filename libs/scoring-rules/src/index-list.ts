// The index list's own rules, in a module of their own: the public index page needs these and
// nothing else of the scoring rules, and a page's bundle takes whole modules.

/** Label of a country without a score: none yet, or a score of 0 (no views received). */
export const UNSCORED = 'Unscored';

/** Index list sorting by score: a special-notice row counts one point more. */
export const indexSortScore = (row: { Score: number | null | undefined; IsSpecialNotice: boolean | null | undefined }) =>
  (row.Score ?? 0) + (row.IsSpecialNotice ? 1 : 0);
