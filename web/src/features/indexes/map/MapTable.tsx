import { Link } from 'react-router';

import type { MapEntry } from './WorldMap';

/**
 * The map's facts as a table (country, score, category, watchlist): the same information
 * for keyboard and screen-reader users, and for anyone who prefers to read rather than point.
 */
export function MapTable({
  countries,
  targetOf,
  showScores,
  caption,
}: {
  countries: readonly MapEntry[];
  targetOf?(country: MapEntry): string | null;
  showScores: boolean;
  caption: string;
}) {
  const rows = [...countries].sort((a, b) => a.Name.localeCompare(b.Name));
  const watchlistKnown = countries.some((c) => c.Watchlist !== undefined);
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={caption}>
      <table className="simple-table map-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Country</th>
            {showScores && (
              <th scope="col" className="text-right">
                Score
              </th>
            )}
            <th scope="col">Category</th>
            {watchlistKnown && <th scope="col">Watchlist</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((c) => {
            const to = targetOf?.(c);
            return (
              <tr key={c.GroupId}>
                <th scope="row">{to ? <Link to={to}>{c.Name}</Link> : c.Name}</th>
                {showScores && <td className="text-right">{c.Score && c.Score > 0 ? c.Score : ''}</td>}
                <td>{c.Category && c.Category !== c.MapCategory ? `${c.Category} (${c.MapCategory})` : c.MapCategory}</td>
                {watchlistKnown && <td>{c.Watchlist ? 'On the watchlist' : ''}</td>}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
