import type { HistoricalScoreRow } from '@cti/contracts';

import { mapPeriods } from '../map/MapPage';

import { pivotHistory } from './HistoricalDataPage';

const h = (Country: string, PeriodId: string, Score: number, extra: Partial<HistoricalScoreRow> = {}): HistoricalScoreRow => ({
  GroupId: `g-${Country}`,
  Country,
  CountryId: Country.slice(0, 2).toLowerCase(),
  LogoPath: null,
  PeriodId,
  Period: `Period ${PeriodId}`,
  Year: 2026,
  Score,
  Category: 'High',
  MapCategory: 'High',
  Watchlist: false,
  ...extra,
});

// the rows come country by country (by name), each country's oldest first; Brazil alone was scored in p0
const rows = [h('Argentina', 'p1', 60), h('Argentina', 'p2', 62), h('Brazil', 'p0', 70), h('Brazil', 'p1', 72), h('Brazil', 'p2', 74)];

describe('historical data by country', () => {
  it('has one row per country with its score in each period, the periods oldest first', () => {
    const { periods, countries } = pivotHistory(rows);
    expect(periods.map((p) => p.id)).toEqual(['p0', 'p1', 'p2']);
    expect(countries.map((c) => [c.Country, c.latest, [...c.scores.keys()]])).toEqual([
      ['Argentina', 62, ['p1', 'p2']],
      ['Brazil', 74, ['p0', 'p1', 'p2']],
    ]);
  });

  it('gives the map each period’s countries with their class and watchlist flag', () => {
    const periods = mapPeriods([...rows, h('Chile', 'p2', 0, { MapCategory: 'Suspended', Watchlist: true, CountryId: null })]);
    expect(periods.map((p) => [p.id, p.countries.map((c) => c.CountryId)])).toEqual([
      ['p0', ['BR']],
      ['p1', ['AR', 'BR']],
      ['p2', ['AR', 'BR']],
    ]);
    expect(periods[2].countries[1]).toMatchObject({ Name: 'Brazil', Score: 74, MapCategory: 'High', Watchlist: false });
  });
});
