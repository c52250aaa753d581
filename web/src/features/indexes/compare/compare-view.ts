import { MAX_COMPARED_COUNTRIES, type GroupIndexRow } from '@cti/contracts';

/** The two tabs of the compare view. */
export type CompareTab = 'chart' | 'variables';

/** The whole view, as the address keeps it: `?countries=IE,GB&period=September%202026&tab=variables`. */
export interface CompareViewState {
  /** The countries' codes as the address writes them: ISO codes (group ids for a country without one). */
  codes: string[];
  /** The period of the variables tab, by name; the latest when absent. */
  period: string | null;
  tab: CompareTab;
}

/** How the address names a country: its ISO code, upper case, or its group id where it has none. */
export const codeOf = (row: Pick<GroupIndexRow, 'CountryId' | 'GroupId'>) => (row.CountryId ? row.CountryId.toUpperCase() : row.GroupId);

export function readCompareView(params: URLSearchParams): CompareViewState {
  const codes = (params.get('countries') ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean)
    .map((c) => (c.length === 2 ? c.toUpperCase() : c));
  return {
    codes: [...new Set(codes)].slice(0, MAX_COMPARED_COUNTRIES),
    period: params.get('period') || null,
    tab: params.get('tab') === 'variables' ? 'variables' : 'chart',
  };
}

/** The address of a view: only what differs from the defaults, in a stable order, so equal views share one link. */
export function compareViewParams(view: CompareViewState): URLSearchParams {
  const params = new URLSearchParams();
  if (view.codes.length) params.set('countries', view.codes.join(','));
  if (view.period) params.set('period', view.period);
  if (view.tab !== 'chart') params.set('tab', view.tab);
  return params;
}

/** The index rows the codes name, in their order (codes naming no country of the index are dropped). */
export function comparedRows(rows: readonly GroupIndexRow[], codes: readonly string[]): GroupIndexRow[] {
  const byCode = new Map(rows.map((r) => [codeOf(r), r]));
  return codes.flatMap((code) => byCode.get(code) ?? []);
}
