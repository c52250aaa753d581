import { MAP_LEGEND } from '@cti/scoring-rules';

import { mapClass } from './map-classes';
import './world-map.css';

/** The legend of the index screens (Very High … No data available) and, where the reader sees it, the watchlist hatch. */
export function MapLegend({ watchlist }: { watchlist: boolean }) {
  return (
    <ul className="map-legend" aria-label="Legend">
      {MAP_LEGEND.map((category) => (
        <li key={category}>
          <span className={`swatch ${mapClass(category)}`} aria-hidden="true" /> {category}
        </li>
      ))}
      {watchlist && (
        <li>
          <span className="swatch swatch-hatch" aria-hidden="true" /> Watchlist
        </li>
      )}
    </ul>
  );
}
