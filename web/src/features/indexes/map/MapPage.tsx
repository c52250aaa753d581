import { lazy, Suspense } from 'react';
import { Link } from 'react-router';

import { ScoringMessages, type MapCountry } from '@cti/contracts';

import { usePrincipal } from '../../../app/hooks';
import { Spinner } from '../../../components/form/fields';
import { PageHeader } from '../../../components/layout/PageHeader';
import { FollowToggle } from '../../notifications/components/FollowToggle';
import { useMapDataQuery } from '../indexes-api';
import { canOpenRow } from '../row-access';

import { MapLegend } from './MapLegend';
import { MapTable } from './MapTable';
import type { MapEntry } from './WorldMap';
import '../indexes.css';

const WorldMap = lazy(() => import('./WorldMap'));

/**
 * 'CTC Compliance Index by country' (also /historicalData/map): the choropleth
 * with its legend and watchlist hatch, a tooltip per country by pointer and keyboard, and
 * the same facts as a table.
 */
export default function MapPage() {
  const principal = usePrincipal();
  const { data, isLoading, isError } = useMapDataQuery();
  const countries = data?.Countries ?? [];
  const byId = new Map<string, MapCountry>(countries.map((c) => [c.GroupId, c]));
  /** A scored country opens its scorecard, or the restricted page saying how to get it (the watchlist-click rule). */
  const targetOf = (entry: MapEntry) => {
    const c = byId.get(entry.GroupId);
    if (!c || c.Score <= 0) return null;
    return canOpenRow(principal, c) ? `/index/${c.GroupId}` : `/restricted?country=${c.GroupId}`;
  };
  const title = `Compliance Index by country${data?.Period ? `, ${data.Period}` : ''}`;

  return (
    <section className="indexes map-page" aria-labelledby="map-title">
      <PageHeader
        title="CTC Compliance Index by country"
        titleId="map-title"
        eyebrow={data?.Period ?? undefined}
        actions={<Link to="/index">Back to the Compliance Index</Link>}
      />
      <MapLegend watchlist={countries.some((c) => c.Watchlist)} />
      {isLoading ? (
        <Spinner label="Loading the map…" />
      ) : isError ? (
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
