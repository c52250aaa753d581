import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router';
import mapboxgl from 'mapbox-gl';
import 'mapbox-gl/dist/mapbox-gl.css';
import type { MapCountry } from '@cti/contracts';
import type { MapCategory } from '@cti/scoring-rules';
import { legendColours } from './legend';
import { ScoringMessages } from '@cti/contracts';

type State = 'loading' | 'loaded' | 'failed';

/** Diagonal hatch over watchlist countries (an RGBA image for the fill-pattern). */
function hatchImage(size = 12): { width: number; height: number; data: Uint8Array } {
  const data = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const on = (x + y) % 6 < 2;
      const i = (y * size + x) * 4;
      data.set(on ? [20, 32, 43, 200] : [0, 0, 0, 0], i);
    }
  }
  return { width: size, height: size, data };
}

interface WorldMapProps {
  countries: MapCountry[];
  /** Where a click on a country goes (the watchlist-click rule), or null when it goes nowhere. */
  targetOf(country: MapCountry): string | null;
  /** More in a country's tooltip (the Follow control); the tooltip then stays while the pointer is on it. */
  tooltipExtra?: (country: MapCountry) => ReactNode;
}

/**
 * The compliance choropleth (mapbox-gl 1.13): a local GeoJSON of the world, no tiles,
 * no token, no network. Countries take their legend class's colour, watchlist countries
 * a hatch; small states appear as dots. A click opens the scorecard per the rules.
 */
export default function WorldMap({ countries, targetOf, tooltipExtra }: WorldMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>('loading');
  const [rendered, setRendered] = useState(0);
  const navigate = useNavigate();
  const latest = useRef({ countries, targetOf, navigate, tooltipExtra });
  latest.current = { countries, targetOf, navigate, tooltipExtra };
  // the tooltip's extra part is React content rendered into the popup's DOM
  const [extraRoot] = useState(() => document.createElement('div'));
  const [hovered, setHovered] = useState<MapCountry | null>(null);

  useEffect(() => {
    if (!container.current) return;
    if (!mapboxgl.supported()) {
      setState('failed');
      return;
    }
    let map: mapboxgl.Map | null = null;
    let cancelled = false;
    const fail = () => !cancelled && setState('failed');
    const colours = legendColours();
    const byIso = new Map(latest.current.countries.map((c) => [c.CountryId.toUpperCase(), c] as const));

    fetch('/geo/world.geojson')
      .then((res) =>
        res.ok ? (res.json() as Promise<GeoJSON.FeatureCollection>) : Promise.reject(new Error(`world.geojson: ${res.status}`)),
      )
      .then((world) => {
        if (cancelled || !container.current) return;
        for (const f of world.features) {
          const c = byIso.get(String(f.properties?.iso));
          const category: MapCategory = (c?.MapCategory as MapCategory) ?? 'No data available';
          f.properties = {
            ...f.properties,
            category,
            colour: colours[category],
            watchlist: !!c?.Watchlist,
            groupId: c?.GroupId ?? '',
            score: c?.Score ?? null,
            label: c?.Name ?? f.properties?.name,
          };
        }
        map = new mapboxgl.Map({
          container: container.current,
          style: { version: 8, sources: {}, layers: [{ id: 'sea', type: 'background', paint: { 'background-color': '#eaf1f7' } }] },
          // the inhabited world, Chukotka and Fiji included (their shapes run past 180°)
          bounds: [-168, -56, 192, 78],
          fitBoundsOptions: { padding: 8 },
          minZoom: 0.3,
          maxZoom: 6,
          renderWorldCopies: false,
          attributionControl: false,
          preserveDrawingBuffer: true,
          dragRotate: false,
        });
        map.addControl(new mapboxgl.NavigationControl({ showCompass: false }), 'top-right');
        map.on('error', (e) => {
          console.warn('map error', e.error);
          if (!map?.loaded()) fail();
        });
        map.on('load', () => {
          if (!map) return;
          map.addImage('watchlist-hatch', hatchImage());
          map.addSource('countries', { type: 'geojson', data: world });
          const shapes: mapboxgl.Expression = ['==', ['geometry-type'], 'Polygon'];
          map.addLayer({
            id: 'countries-fill',
            type: 'fill',
            source: 'countries',
            filter: ['any', shapes, ['==', ['geometry-type'], 'MultiPolygon']],
            paint: { 'fill-color': ['get', 'colour'] },
          });
          map.addLayer({
            id: 'countries-watchlist',
            type: 'fill',
            source: 'countries',
            filter: ['all', ['==', ['get', 'watchlist'], true], ['!=', ['geometry-type'], 'Point']],
            paint: { 'fill-pattern': 'watchlist-hatch' },
          });
          map.addLayer({
            id: 'countries-border',
            type: 'line',
            source: 'countries',
            filter: ['!=', ['geometry-type'], 'Point'],
            paint: { 'line-color': '#ffffff', 'line-width': 0.6 },
          });
          map.addLayer({
            id: 'countries-small',
            type: 'circle',
            source: 'countries',
            filter: ['==', ['geometry-type'], 'Point'],
            paint: {
              'circle-radius': 4,
              'circle-color': ['get', 'colour'],
              'circle-stroke-color': ['case', ['==', ['get', 'watchlist'], true], '#14202b', '#ffffff'],
              'circle-stroke-width': ['case', ['==', ['get', 'watchlist'], true], 2.5, 1],
            },
          });
          const popup = new mapboxgl.Popup({ closeButton: false, closeOnClick: false, className: 'map-popup' });
          // with an extra part the tooltip stays put while the pointer moves onto it (and a moment after leaving)
          let shown = '';
          let hiding: ReturnType<typeof setTimeout> | undefined;
          const hide = () => {
            popup.remove();
            shown = '';
            setHovered(null);
          };
          const keep = () => clearTimeout(hiding);
          for (const layer of ['countries-fill', 'countries-small']) {
            map.on('mousemove', layer, (e) => {
              const f = e.features?.[0];
              if (!f || !map) return;
              const p = f.properties as { label: string; category: string; score: number | null; watchlist: boolean; groupId: string };
              map.getCanvas().style.cursor = p.groupId ? 'pointer' : '';
              keep();
              const country = p.groupId ? latest.current.countries.find((c) => c.GroupId === p.groupId) : undefined;
              const sticky = !!country && !!latest.current.tooltipExtra;
              if (sticky && shown === p.label) return;
              shown = p.label;
              // not named `text`: the build declares calls on `text` pure (vite.config.ts) and would drop them
              const tooltip = document.createElement('div');
              const title = document.createElement('strong');
              title.textContent = p.label;
              tooltip.append(
                title,
                document.createElement('br'),
                `${p.category}${p.score ? ` · ${p.score}` : ''}${p.watchlist ? ' · on the watchlist' : ''}`,
              );
              if (sticky) tooltip.append(extraRoot);
              popup.setLngLat(e.lngLat).setDOMContent(tooltip).addTo(map);
              const element = popup.getElement();
              element.onmouseenter = keep;
              element.onmouseleave = hide;
              setHovered(sticky ? country! : null);
            });
            map.on('mouseleave', layer, () => {
              if (map) map.getCanvas().style.cursor = '';
              keep();
              hiding = setTimeout(hide, latest.current.tooltipExtra ? 500 : 0);
            });
            map.on('click', layer, (e) => {
              const groupId = (e.features?.[0]?.properties as { groupId?: string } | undefined)?.groupId;
              const country = groupId ? latest.current.countries.find((c) => c.GroupId === groupId) : undefined;
              const to = country ? latest.current.targetOf(country) : null;
              if (to) latest.current.navigate(to);
            });
          }
          map.once('idle', () => {
            if (cancelled || !map) return;
            setRendered(map.queryRenderedFeatures(undefined, { layers: ['countries-fill', 'countries-small'] }).length);
            setState('loaded');
          });
        });
      })
      .catch(fail);

    return () => {
      cancelled = true;
      map?.remove();
    };
  }, []);

  return (
    <div className="world-map" data-map-state={state} data-rendered-features={rendered}>
      {hovered && tooltipExtra && createPortal(tooltipExtra(hovered), extraRoot)}
      {state === 'failed' && (
        <p className="notice notice-danger" role="alert">
          {ScoringMessages.mapFailed}
        </p>
      )}
      {state === 'loading' && (
        <div className="world-map-loading" role="status">
          <span className="spinner" aria-hidden="true" /> Loading the map…
        </div>
      )}
      <div
        ref={container}
        className="world-map-canvas"
        hidden={state === 'failed'}
        aria-label="World map of the Compliance Index by country"
        role="region"
      />
    </div>
  );
}
