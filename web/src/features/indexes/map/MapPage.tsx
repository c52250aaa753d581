import { lazy, Suspense, useMemo } from 'react';
import { Link } from 'react-router';
import type { MapCountry } from '@cti/contracts';
import { MAP_LEGEND } from '@cti/scoring-rules';
import { ScoringMessages } from '@cti/contracts';
import { usePrincipal } from '../../../app/hooks';
import { PageHeader } from '../../../components/layout/PageHeader';
import { Spinner } from '../../../components/form/fields';
import { canOpenRow } from '../row-access';
import { FollowToggle } from '../../notifications/components/FollowToggle';
import { useMapDataQuery } from '../indexes-api';
import { legendColours } from './legend';
import '../indexes.css';

const WorldMap = lazy(() => import('./WorldMap'));

/**
 * 'CTC Compliance Index by country' (index §2; also /historicalData/map): the choropleth
 * with its legend and watchlist hatch, and the same classes as a list for keyboard and
 * screen-reader users.
 */
export default function MapPage() {
  const principal = usePrincipal();
  const { data, isLoading, isError } = useMapDataQuery();
  const colours = useMemo(() => legendColours(), []);
  const countries = data?.Countries ?? [];
  const targetOf = (c: MapCountry) => (c.Score > 0 ? (canOpenRow(principal, c) ? `/index/${c.GroupId}` : '/restricted') : null);

  return (
    <section className="indexes map-page" aria-labelledby="map-title">
      <PageHeader
        title="CTC Compliance Index by country"
        titleId="map-title"
        eyebrow={data?.Period ?? undefined}
        actions={<Link to="/index">Back to the Compliance Index</Link>}
      />
      <ul className="map-legend" aria-label="Legend">
        {MAP_LEGEND.map((category) => (
          <li key={category}>
            <span className="swatch" style={{ background: colours[category] }} aria-hidden="true" /> {category}
          </li>
        ))}
        <li>
          <span className="swatch swatch-hatch" aria-hidden="true" /> Watchlist
        </li>
      </ul>
      {isLoading ? (
        <Spinner label="Loading the map…" />
      ) : isError ? (
        <p className="notice notice-danger" role="alert">
          {ScoringMessages.mapFailed}
        </p>
      ) : (
        <Suspense fallback={<Spinner label="Loading the map…" />}>
          <WorldMap
            countries={countries}
            targetOf={targetOf}
            tooltipExtra={(c) => canOpenRow(principal, c) && <FollowToggle groupId={c.GroupId} country={c.Name} allowed />}
          />
        </Suspense>
      )}
      <details className="map-list">
        <summary>Countries by category</summary>
        {MAP_LEGEND.filter((c) => c !== 'No data available').map((category) => {
          const inCategory = countries.filter((c) => c.MapCategory === category);
          if (!inCategory.length) return null;
          return (
            <div key={category}>
              <h2 className="h4">{category}</h2>
              <ul className="cluster">
                {inCategory.map((c) => {
                  const to = targetOf(c);
                  return (
                    <li key={c.GroupId}>
                      {to ? <Link to={to}>{c.Name}</Link> : c.Name}
                      {c.Watchlist ? ' (watchlist)' : ''}
                    </li>
                  );
                })}
              </ul>
            </div>
          );
        })}
      </details>
    </section>
  );
}
