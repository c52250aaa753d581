// Builds web/public/geo/world-map.json, the map's only data (drawn as inline SVG: no tiles,
// no token, no WebGL, no network): Natural Earth 1:110m country shapes from world-atlas in the
// Equal Earth projection, as SVG path data in a viewBox, plus a marker for each small state
// missing at that scale (at the centre of its 1:50m shape), each with its ISO 3166-1 alpha-2
// code. Antarctica has no index data and is left out. Run:
//   node web/src/features/indexes/map/build-world-map.mjs
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const countries = require('i18n-iso-countries');
const { feature } = require('topojson-client');
const small = require('world-atlas/countries-110m.json');
const medium = require('world-atlas/countries-50m.json');

const iso = (f) => (f.id ? countries.numericToAlpha2(f.id) : undefined);

// Equal Earth (Šavrič, Patterson, Jenny 2018): equal-area, and the world reads as the world
const [A1, A2, A3, A4] = [1.340264, -0.081106, 0.000893, 0.003796];
const M = Math.sqrt(3) / 2;
function project([lon, lat]) {
  const theta = Math.asin(M * Math.sin((lat * Math.PI) / 180));
  const t2 = theta * theta;
  const t6 = t2 * t2 * t2;
  const x = (((lon * Math.PI) / 180) * Math.cos(theta)) / (M * (A1 + 3 * A2 * t2 + t6 * (7 * A3 + 9 * A4 * t2)));
  const y = theta * (A1 + A2 * t2 + t6 * (A3 + A4 * t2));
  return [x, -y];
}

// rings crossing the antimeridian (Russia, Fiji) are unwrapped eastwards so no edge spans the map
function unwrap(ring) {
  const xs = ring.map((p) => p[0]);
  if (Math.max(...xs) - Math.min(...xs) <= 180) return ring;
  return ring.map(([x, y]) => [x < 0 ? x + 360 : x, y]);
}
const polygonsOf = (g) => (g.type === 'Polygon' ? [g.coordinates] : g.coordinates);

const shapes = feature(small, small.objects.countries).features.filter((f) => iso(f) && iso(f) !== 'AQ');
const present = new Set(shapes.map(iso));

function centre(geometry) {
  let best = null;
  for (const polygon of polygonsOf(geometry)) {
    const ring = unwrap(polygon[0]);
    const xs = ring.map((p) => p[0]);
    const ys = ring.map((p) => p[1]);
    const box = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    const area = (box[2] - box[0]) * (box[3] - box[1]);
    if (!best || area > best.area) best = { area, point: [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2] };
  }
  return best.point;
}
const points = feature(medium, medium.objects.countries).features.filter((f) => iso(f) && iso(f) !== 'AQ' && !present.has(iso(f)));

// scale: the projected world 1000 units wide
const projectedShapes = shapes.map((f) => ({
  iso: iso(f),
  name: f.properties.name,
  rings: polygonsOf(f.geometry).flatMap((polygon) => polygon.map((ring) => unwrap(ring).map(project))),
}));
const projectedPoints = points.map((f) => ({ iso: iso(f), name: f.properties.name, at: project(centre(f.geometry)) }));
const all = [...projectedShapes.flatMap((s) => s.rings.flat()), ...projectedPoints.map((p) => p.at)];
const [minX, maxX] = [Math.min(...all.map((p) => p[0])), Math.max(...all.map((p) => p[0]))];
const [minY, maxY] = [Math.min(...all.map((p) => p[1])), Math.max(...all.map((p) => p[1]))];
const scale = 1000 / (maxX - minX);
const pad = 6;
const sx = (x) => Math.round(((x - minX) * scale + pad) * 10) / 10;
const sy = (y) => Math.round(((y - minY) * scale + pad) * 10) / 10;
const width = Math.round(1000 + 2 * pad);
const height = Math.round((maxY - minY) * scale + 2 * pad);

const num = (n) => String(Math.round(n * 10) / 10).replace(/^(-?)0\./, '$1.');
/** One ring as SVG path data: an absolute move, then relative lines between rounded points (exact, short). */
function ringPath(ring) {
  const pts = ring.map(([x, y]) => [sx(x), sy(y)]).filter((p, i, a) => i === 0 || p[0] !== a[i - 1][0] || p[1] !== a[i - 1][1]);
  if (pts.length < 3) return '';
  let d = `M${num(pts[0][0])} ${num(pts[0][1])}l`;
  for (let i = 1; i < pts.length; i++) {
    const dx = num(pts[i][0] - pts[i - 1][0]);
    const dy = num(pts[i][1] - pts[i - 1][1]);
    d += `${i > 1 && !dx.startsWith('-') ? ' ' : ''}${dx}${dy.startsWith('-') ? '' : ' '}${dy}`;
  }
  return `${d}z`;
}
/** Label anchor: the centre of the largest ring's bounding box (tooltips and keyboard focus start there). */
function anchor(rings) {
  let best = null;
  for (const ring of rings) {
    const xs = ring.map((p) => sx(p[0]));
    const ys = ring.map((p) => sy(p[1]));
    const box = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    const area = (box[2] - box[0]) * (box[3] - box[1]);
    if (!best || area > best.area) best = { area, at: [Math.round((box[0] + box[2]) / 2), Math.round((box[1] + box[3]) / 2)] };
  }
  return best.at;
}

const map = {
  width,
  height,
  countries: [
    ...projectedShapes.map((s) => ({ iso: s.iso, name: s.name, d: s.rings.map(ringPath).join(''), at: anchor(s.rings) })),
    ...projectedPoints.map((p) => ({ iso: p.iso, name: p.name, at: [Math.round(sx(p.at[0])), Math.round(sy(p.at[1]))], small: true })),
  ],
};

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../public/geo/world-map.json');
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify(map));
console.log(
  `${out}: ${width}×${height}, ${projectedShapes.length} shapes, ${projectedPoints.length} small states, ${fs.statSync(out).size} bytes`,
);
