import { lazy, Suspense, useId, useMemo } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';

import { ScoringMessages, type HistoricalScoreRow, type MapCountry } from '@cti/contracts';
import { periodsInOrder } from '@cti/scoring-rules';

import { usePrincipal } from '../../../app/hooks';
import { Spinner } from '../../../components/form/fields';
import { PageHeader } from '../../../components/layout/PageHeader';
import { FollowToggle } from '../../notifications/components/FollowToggle';
import { historiesOf } from '../history/histories';
import { useHistoricalScoresQuery } from '../history/history-api';
import { useMapDataQuery } from '../indexes-api';
import { canOpenRow } from '../row-access';

import { MapLegend } from './MapLegend';
import { MapTable } from './MapTable';
import type { MapEntry } from './WorldMap';
import '../indexes.css';

const WorldMap = lazy(() => import('./WorldMap'));

/** The periods of the historical data, oldest first, and each period's countries as the map draws them. */
export function mapPeriods(rows: readonly HistoricalScoreRow[]): Array<{ id: string; name: string; countries: MapEntry[] }> {
  const periods = periodsInOrder(historiesOf(rows)).map((p) => ({ id: p.PeriodId, name: p.Period, countries: [] as MapEntry[] }));
  const byId = new Map(periods.map((p) => [p.id, p]));
  for (const r of rows) {
    if (!r.CountryId) continue;
    byId.get(r.PeriodId)?.countries.push({
      GroupId: r.GroupId,
      Name: r.Country,
      CountryId: r.CountryId.toUpperCase(),
      Score: r.Score,
      MapCategory: r.MapCategory,
      Category: r.Category,
      Watchlist: r.Watchlist,
    });
  }
  return periods;
}

/** The period slider of the historical map: one step per period, the chosen one named beside it and kept in the address. */
function PeriodSlider({
  periods,
  index,
  onChange,
}: {
  periods: ReadonlyArray<{ name: string }>;
  index: number;
  onChange(i: number): void;
}) {
  const id = useId();
  return (
    <div className="map-period">
      <label htmlFor={id}>Period</label>
      <input
        id={id}
        type="range"
        min={0}
        max={periods.length - 1}
        step={1}
        value={index}
        aria-valuetext={periods[index]?.name}
        list={`${id}-ticks`}
        onChange={(e) => onChange(Number(e.target.value))}
      />
      <datalist id={`${id}-ticks`}>
        {periods.map((p, i) => (
          <option key={p.name} value={i} label={p.name} />
        ))}
      </datalist>
      <output htmlFor={id} className="map-period-name">
        {periods[index]?.name}
      </output>
      <span className="map-period-ends" aria-hidden="true">
        <span>{periods[0]?.name}</span>
        <span>{periods.at(-1)?.name}</span>
      </span>
    </div>
  );
}

/**
 * 'CTC Compliance Index by country' (also /historicalData/map): the choropleth
 * with its legend and watchlist hatch, a tooltip per country by pointer, tap and keyboard, and
 * the same facts as a table. The historical map adds a slider over every period (the latest
 * first; `?period=` names the one shown, so the view is shared by its link).
 */
export default function MapPage() {
  const principal = usePrincipal();
  const historical = useLocation().pathname.startsWith('/historicalData');
  const [params, setParams] = useSearchParams();
  const { data, isLoading, isError } = useMapDataQuery();
  const history = useHistoricalScoresQuery(undefined, { skip: !historical });
  const periods = useMemo(() => (historical && history.data ? mapPeriods(history.data) : []), [historical, history.data]);
  const asked = params.get('period');
  const index = periods.length ? Math.max(0, asked ? periods.findIndex((p) => p.name === asked) : periods.length - 1) : -1;
  const period = index >= 0 ? periods[index] : null;
  const latest = data?.Countries ?? [];
  const countries: MapEntry[] = period && index < periods.length - 1 ? period.countries : latest;
  const byId = new Map<string, MapCountry>(latest.map((c) => [c.GroupId, c]));
  /** A scored country opens its scorecard, or the restricted page saying how to get it (the watchlist-click rule). */
  const targetOf = (entry: MapEntry) => {
    const c = byId.get(entry.GroupId);
    if (!c || !entry.Score || entry.Score <= 0) return null;
    return canOpenRow(principal, c) ? `/index/${c.GroupId}` : `/restricted?country=${c.GroupId}`;
  };
  const shownPeriod = period?.name ?? data?.Period ?? null;
  const title = `Compliance Index by country${shownPeriod ? `, ${shownPeriod}` : ''}`;
  const failed = isError || (historical && history.isError);

  return (
    <section className="indexes map-page" aria-labelledby="map-title">
      <PageHeader
        title="CTC Compliance Index by country"
        titleId="map-title"
        eyebrow={shownPeriod ?? undefined}
        actions={
          <Link to={historical ? '/historicalData' : '/index'}>
            {historical ? 'Back to the historical data' : 'Back to the Compliance Index'}
          </Link>
        }
      />
      {periods.length > 1 && (
        <PeriodSlider
          periods={periods}
          index={index}
          onChange={(i) =>
            setParams(i === periods.length - 1 ? {} : { period: periods[i].name }, {
              replace: true,
            })
          }
        />
      )}
      <MapLegend watchlist={countries.some((c) => c.Watchlist)} />
      {isLoading || (historical && history.isLoading) ? (
        <Spinner label="Loading the map…" />
      ) : failed ? (
        <p className="notice notice-danger" role="alert">
          {ScoringMessages.mapFailed}
        </p>
      ) : (
        <>
          <Suspense fallback={<Spinner label="Loading the map…" />}>
            <WorldMap
              countries={countries}
              targetOf={targetOf}
              label={title}
              tooltipExtra={(entry) => {
                const c = byId.get(entry.GroupId);
                return c && canOpenRow(principal, c) ? <FollowToggle groupId={c.GroupId} country={c.Name} allowed /> : null;
              }}
            />
          </Suspense>
          <details className="map-list">
            <summary>Table of countries: score, category and watchlist</summary>
            <MapTable countries={countries} targetOf={targetOf} showScores caption={title} />
          </details>
        </>
      )}
    </section>
  );
}
