import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { useNavigate } from 'react-router';

import { ScoringMessages } from '@cti/contracts';

import { mapClass } from './map-classes';
import './world-map.css';

/** One country as the map draws it: its class always; score, category and watchlist when the reader may see them. */
export interface MapEntry {
  GroupId: string;
  Name: string;
  CountryId: string;
  MapCategory: string;
  Score?: number | null;
  Category?: string;
  Watchlist?: boolean;
}

interface WorldGeometry {
  width: number;
  height: number;
  countries: Array<{ iso: string; name: string; d?: string; at: [number, number]; small?: boolean }>;
}

let geometry: Promise<WorldGeometry> | null = null;
/** The world's shapes (web/public/geo/world-map.json, built by build-world-map.mjs), fetched once per page load. */
function loadGeometry(): Promise<WorldGeometry> {
  geometry ??= fetch('/geo/world-map.json').then((res) =>
    res.ok ? (res.json() as Promise<WorldGeometry>) : Promise.reject(new Error(`world-map.json: ${res.status}`)),
  );
  geometry.catch(() => (geometry = null));
  return geometry;
}

/** "Kenya: score 75, High, on the watchlist" — what the tooltip shows, as one sentence for screen readers. */
export function describeCountry(c: MapEntry): string {
  const parts = [
    c.Score !== undefined && c.Score !== null && c.Score > 0 ? `score ${c.Score}` : null,
    c.Category && c.Category !== c.MapCategory ? `${c.Category}` : null,
    c.MapCategory,
    c.Watchlist ? 'on the watchlist' : null,
  ].filter(Boolean);
  return `${c.Name}: ${parts.join(', ')}`;
}

interface Tip {
  entry: MapEntry | { Name: string; MapCategory: string };
  /** Position in percent of the map's box. */
  x: number;
  y: number;
  /** Shown by a tap: a second tap on the country opens it. */
  tapped?: boolean;
}

/** How far the map may be zoomed in. */
const MAX_ZOOM = 8;
/** The part of the world in view: its centre (fractions of the world's width and height) and the zoom. */
interface Zoom {
  scale: number;
  cx: number;
  cy: number;
}
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The view box of a zoom: the world's width and height divided by the scale, kept inside the world. */
export function viewBoxOf(world: { width: number; height: number }, zoom: Zoom) {
  const w = world.width / zoom.scale;
  const h = world.height / zoom.scale;
  return {
    x: clamp(zoom.cx * world.width - w / 2, 0, world.width - w),
    y: clamp(zoom.cy * world.height - h / 2, 0, world.height - h),
    w,
    h,
  };
}

export interface WorldMapProps {
  countries: readonly MapEntry[];
  /** Where choosing a country goes (the scorecard, the restricted page), or null when it goes nowhere. */
  targetOf?(country: MapEntry): string | null;
  /** What the map shows, for its accessible name. */
  label: string;
  /**
   * More in a country's tooltip (the Follow control). The tooltip then stays where it opened
   * while the pointer is on the country or on the tooltip, and Tab from a focused country
   * moves into it.
   */
  tooltipExtra?: (country: MapEntry) => ReactNode;
}

/**
 * The compliance choropleth as inline SVG: every country takes its legend class's colour,
 * watchlist countries a hatch, small states a dot. It fits the width it is given (the whole
 * world at any screen size) and zooms in (buttons; dragging moves the view while zoomed).
 * Pointing at a country or moving to it with the keyboard (the map is one tab stop; arrow
 * keys go from country to country in alphabetical order, Enter opens) shows a tooltip with
 * the country, its score, category and watchlist status, and each country's element carries
 * the same words for screen readers. On a touch screen the first tap on a country shows its
 * tooltip and a second tap opens it. Pages add a table of the same facts beside it.
 */
export default function WorldMap({ countries, targetOf, label, tooltipExtra }: WorldMapProps) {
  const [world, setWorld] = useState<WorldGeometry | null>(null);
  const [failed, setFailed] = useState(false);
  const [tip, setTip] = useState<Tip | null>(null);
  const [focusIndex, setFocusIndex] = useState(0);
  const [zoom, setZoom] = useState<Zoom>({ scale: 1, cx: 0.5, cy: 0.5 });
  /** The kind of pointer of the last press (touch taps twice to open), and a drag that moved the view (it opens nothing). */
  const pointer = useRef<{ type: string; from: { x: number; y: number; cx: number; cy: number } | null; dragged: boolean }>({
    type: 'mouse',
    from: null,
    dragged: false,
  });
  const box = useRef<HTMLDivElement>(null);
  const svg = useRef<SVGSVGElement>(null);
  const tipBox = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const helpId = useId();
  const patternId = useId().replace(/:/g, '');

  useEffect(() => {
    let live = true;
    loadGeometry().then(
      (w) => live && setWorld(w),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  const byIso = useMemo(() => new Map(countries.map((c) => [c.CountryId.toUpperCase(), c])), [countries]);
  /** The countries the keyboard visits: those of the index that the map draws, by name. */
  const stops = useMemo(() => {
    if (!world) return [];
    const drawn = new Set(world.countries.map((c) => c.iso));
    return countries.filter((c) => drawn.has(c.CountryId.toUpperCase())).sort((a, b) => a.Name.localeCompare(b.Name));
  }, [world, countries]);
  const anchorOf = useMemo(() => new Map(world?.countries.map((c) => [c.iso, c.at]) ?? []), [world]);

  if (failed) {
    return (
      <p className="notice notice-danger" role="alert">
        {ScoringMessages.mapFailed}
      </p>
    );
  }
  if (!world) {
    return (
      <div className="world-map world-map-loading" data-map-state="loading" role="status">
        <span className="spinner" aria-hidden="true" /> Loading the map…
      </div>
    );
  }

  const view = viewBoxOf(world, zoom);
  const percent = (at: readonly [number, number]) => ({ x: ((at[0] - view.x) / view.w) * 100, y: ((at[1] - view.y) / view.h) * 100 });
  const open = (entry: MapEntry) => {
    const to = targetOf?.(entry);
    if (to) void navigate(to);
  };
  const tipAt = (entry: Tip['entry'], event: MouseEvent, tapped = false): Tip | null => {
    const rect = box.current?.getBoundingClientRect();
    if (!rect) return null;
    return { entry, x: ((event.clientX - rect.left) / rect.width) * 100, y: ((event.clientY - rect.top) / rect.height) * 100, tapped };
  };
  const showAt = (entry: Tip['entry'], event: MouseEvent) => {
    // a touch's compatibility mouse events show nothing: the tap itself does
    if (pointer.current.type !== 'mouse') return;
    // a tooltip with controls stays where it opened, so the pointer can reach them
    if (tooltipExtra && tip?.entry === entry && 'GroupId' in entry) return;
    setTip(tipAt(entry, event));
  };
  /** A click opens the country; a tap shows its tooltip first, and opens it when tapped again. */
  const choose = (entry: Tip['entry'], event: MouseEvent) => {
    if (pointer.current.dragged) {
      pointer.current.dragged = false;
      return;
    }
    // only a tooltip a tap opened counts: the tap's own focus shows one too, and would open the country at once
    const shown = !!tip?.tapped && 'GroupId' in tip.entry && 'GroupId' in entry && tip.entry.GroupId === entry.GroupId;
    if (pointer.current.type !== 'mouse' && !shown) {
      setTip(tipAt(entry, event, true));
      return;
    }
    if ('GroupId' in entry) open(entry);
  };
  const zoomTo = (scale: number) => setZoom((z) => ({ ...z, scale: clamp(scale, 1, MAX_ZOOM) }));
  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    pointer.current = { type: event.pointerType, from: { x: event.clientX, y: event.clientY, cx: zoom.cx, cy: zoom.cy }, dragged: false };
  };
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const from = pointer.current.from;
    const rect = svg.current?.getBoundingClientRect();
    if (!from || zoom.scale === 1 || !rect || event.buttons === 0) return;
    const dx = event.clientX - from.x;
    const dy = event.clientY - from.y;
    if (!pointer.current.dragged && Math.hypot(dx, dy) < 6) return;
    pointer.current.dragged = true;
    setTip(null);
    setZoom((z) => ({
      ...z,
      cx: clamp(from.cx - (dx / rect.width) * (view.w / world.width), 0, 1),
      cy: clamp(from.cy - (dy / rect.height) * (view.h / world.height), 0, 1),
    }));
  };
  const focusStop = (index: number) => {
    const next = (index + stops.length) % stops.length;
    setFocusIndex(next);
    svg.current?.querySelector<SVGElement>(`[data-stop="${next}"]`)?.focus();
  };
  const onKey = (event: KeyboardEvent<SVGElement>, index: number, entry: MapEntry) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: stops.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      focusStop(moves[event.key]);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open(entry);
    } else if (event.key === 'Escape') setTip(null);
  };
  const stopIndex = new Map(stops.map((s, i) => [s.GroupId, i]));
  /** Whether focus goes into the tooltip (its Follow control): the tooltip stays. */
  const inTooltip = (e: FocusEvent) => !!tipBox.current && tipBox.current.contains(e.relatedTarget);
  const extra = tip && tooltipExtra && 'GroupId' in tip.entry ? tooltipExtra(tip.entry) : null;

  return (
    <div
      className={`world-map${zoom.scale > 1 ? ' world-map-zoomed' : ''}`}
      data-map-state="loaded"
      data-countries={stops.length}
      data-zoom={zoom.scale}
      ref={box}
      onMouseLeave={() => pointer.current.type === 'mouse' && setTip(null)}
    >
      <p id={helpId} className="visually-hidden">
        Use the arrow keys to move from country to country, Enter to open its scorecard. The table below lists the same facts.
      </p>
      <div className="map-zoom" role="group" aria-label="Zoom">
        <button type="button" onClick={() => zoomTo(zoom.scale * 2)} disabled={zoom.scale >= MAX_ZOOM} aria-label="Zoom in">
          +
        </button>
        <button type="button" onClick={() => zoomTo(zoom.scale / 2)} disabled={zoom.scale <= 1} aria-label="Zoom out">
          −
        </button>
        {zoom.scale > 1 && (
          <button type="button" className="map-zoom-reset" onClick={() => setZoom({ scale: 1, cx: 0.5, cy: 0.5 })}>
            Whole world
          </button>
        )}
      </div>
      <svg
        ref={svg}
        viewBox={`${view.x} ${view.y} ${view.w} ${view.h}`}
        className="world-map-svg"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        role="group"
        aria-label={label}
        aria-describedby={helpId}
      >
        <defs>
          <pattern id={patternId} width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="5" height="5" className="map-hatch-ground" fill="none" />
            <line x1="0" y1="0" x2="0" y2="5" className="map-hatch-line" />
          </pattern>
        </defs>
        {world.countries.map((shape) => {
          const entry = byIso.get(shape.iso);
          const index = entry ? stopIndex.get(entry.GroupId) : undefined;
          const klass = `map-country ${mapClass(entry?.MapCategory ?? 'No data available')}${entry ? ' map-country-data' : ''}`;
          const facts = entry ?? { Name: shape.name, MapCategory: 'No data available' };
          const common = {
            className: klass,
            onMouseMove: (e: MouseEvent) => showAt(facts, e),
          };
          const shapeElement = shape.small ? (
            <circle cx={shape.at[0]} cy={shape.at[1]} r={entry ? 3.6 : 2.4} {...common} />
          ) : (
            <path d={shape.d} {...common} />
          );
          if (!entry || index === undefined) {
            return (
              <g key={shape.iso} aria-hidden="true" onClick={(e) => choose(facts, e)}>
                {shapeElement}
              </g>
            );
          }
          const to = targetOf?.(entry) ?? null;
          return (
            <g
              key={shape.iso}
              data-stop={index}
              data-iso={shape.iso}
              className={`map-stop${to ? ' map-stop-link' : ''}`}
              tabIndex={index === focusIndex ? 0 : -1}
              role={to ? 'link' : 'img'}
              aria-label={describeCountry(entry)}
              onKeyDown={(e) => onKey(e, index, entry)}
              onFocus={() => {
                setFocusIndex(index);
                setTip({ entry, ...percent(anchorOf.get(shape.iso) ?? shape.at) });
              }}
              onBlur={(e) => !inTooltip(e) && setTip(null)}
              onClick={(e) => choose(entry, e)}
            >
              {shapeElement}
              {entry.Watchlist &&
                (shape.small ? (
                  <circle cx={shape.at[0]} cy={shape.at[1]} r={5.5} className="map-watchlist-ring" />
                ) : (
                  <path d={shape.d} fill={`url(#${patternId})`} className="map-watchlist" />
                ))}
            </g>
          );
        })}
      </svg>
      {tip && (
        <MapTooltip
          tip={tip}
          ref={tipBox}
          onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setTip(null)}
          opensOnTap={tip.tapped && 'GroupId' in tip.entry && !!targetOf?.(tip.entry)}
        >
          {extra}
        </MapTooltip>
      )}
    </div>
  );
}

interface MapTooltipProps {
  tip: Tip;
  /** Shown by a tap on a country that opens: says a second tap opens it. */
  opensOnTap?: boolean;
  ref: Ref<HTMLDivElement>;
  onBlur(event: FocusEvent<HTMLDivElement>): void;
  /** Controls under the facts (the Follow control); the tooltip then takes the pointer. */
  children?: ReactNode;
}

function MapTooltip({ tip, ref, onBlur, children, opensOnTap }: MapTooltipProps) {
  const entry = tip.entry as MapEntry;
  const scored = entry.Score !== undefined && entry.Score !== null && entry.Score > 0;
  // flips to the other side of the pointer near the right and bottom edges, so it stays inside the map
  const style = {
    left: `${tip.x}%`,
    top: `${tip.y}%`,
    transform: `translate(${tip.x > 60 ? 'calc(-100% - 12px)' : '12px'}, ${tip.y > 55 ? 'calc(-100% - 12px)' : '12px'})`,
  };
  return (
    <div
      className={`map-tooltip${children ? ' map-tooltip-with-controls' : ''}`}
      style={style}
      data-testid="map-tooltip"
      ref={ref}
      onBlur={onBlur}
    >
      {/* the facts are each country's accessible name already; only the controls are announced */}
      <div className="map-tooltip-facts" aria-hidden="true">
        <strong className="map-tooltip-name">{entry.Name}</strong>
        {scored && (
          <span className="map-tooltip-score">
            Score <b>{entry.Score}</b>
          </span>
        )}
        <span className="map-tooltip-category">
          <span className={`swatch ${mapClass(entry.MapCategory)}`} />{' '}
          {entry.Category && entry.Category !== entry.MapCategory ? `${entry.Category} · ${entry.MapCategory}` : entry.MapCategory}
        </span>
        {entry.Watchlist && <span className="map-tooltip-watchlist">On the watchlist</span>}
        {opensOnTap && <span className="map-tooltip-hint">Tap the country again to open it</span>}
      </div>
      {children && <div className="map-tooltip-controls">{children}</div>}
    </div>
  );
}
