// Builds web/public/geo/world.geojson, the map's only data source (no tiles, no token,
// no network): Natural Earth 1:110m country shapes from world-atlas, plus a point for each
// small state missing at that scale (placed at the centre of its 1:50m shape), each with
// its ISO 3166-1 alpha-2 code. Run: node web/src/features/indexes/map/build-world-geojson.mjs
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { feature } = require('topojson-client');
const countries = require('i18n-iso-countries');
const small = require('world-atlas/countries-110m.json');
const medium = require('world-atlas/countries-50m.json');

const round = (digits) => (value) => (Array.isArray(value) ? value.map(round(digits)) : Math.round(value * 10 ** digits) / 10 ** digits);
const iso = (f) => (f.id ? countries.numericToAlpha2(f.id) : undefined);

// rings crossing the antimeridian (Russia, Fiji) are unwrapped eastwards so no edge spans the map
function unwrap(ring) {
  const xs = ring.map((p) => p[0]);
  if (Math.max(...xs) - Math.min(...xs) <= 180) return ring;
  return ring.map(([x, y]) => [x < 0 ? x + 360 : x, y]);
}
const unwrapGeometry = (g) =>
  g.type === 'Polygon'
    ? { ...g, coordinates: g.coordinates.map(unwrap) }
    : { ...g, coordinates: g.coordinates.map((polygon) => polygon.map(unwrap)) };

// Antarctica has no index data and only takes room
const shapes = feature(small, small.objects.countries)
  .features.filter((f) => iso(f) && iso(f) !== 'AQ')
  .map((f) => ({ ...f, geometry: unwrapGeometry(f.geometry) }));
const present = new Set(shapes.map(iso));

function centre(geometry) {
  // centre of the largest ring's bounding box: good enough for a marker on a small state
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  let best = null;
  for (const polygon of polygons) {
    const ring = polygon[0];
    const xs = ring.map((p) => p[0]);
    const ys = ring.map((p) => p[1]);
    const box = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    const area = (box[2] - box[0]) * (box[3] - box[1]);
    if (!best || area > best.area) best = { area, point: [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2] };
  }
  return best.point;
}

const points = feature(medium, medium.objects.countries)
  .features.filter((f) => iso(f) && iso(f) !== 'AQ' && !present.has(iso(f)))
  .map((f) => ({
    type: 'Feature',
    properties: { iso: iso(f), name: f.properties.name, small: true },
    geometry: { type: 'Point', coordinates: round(3)(centre(f.geometry)) },
  }));

const collection = {
  type: 'FeatureCollection',
  features: [
    ...shapes.map((f) => ({
      type: 'Feature',
      properties: { iso: iso(f), name: f.properties.name, small: false },
      geometry: { type: f.geometry.type, coordinates: round(2)(f.geometry.coordinates) },
    })),
    ...points,
  ],
};

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../public/geo/world.geojson');
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify(collection));
console.log(`${out}: ${shapes.length} shapes, ${points.length} small-state points, ${fs.statSync(out).size} bytes`);
