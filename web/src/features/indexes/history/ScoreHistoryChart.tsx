import { useEffect, useRef, useState } from 'react';

import type { ScoreHistoryRow } from '@cti/contracts';
import { VARIABLE_NAMES, VARIABLES } from '@cti/scoring-rules';

const SERIES_COLOURS = ['#0b3d66', '#1f7ae0', '#1a7f37', '#b07800', '#c8432b', '#6b4c9a'];
const HEIGHT = 300;
const FONT = 13;
/** Below this width the line ends carry the letter only; the names are in the key under the chart. */
const WIDE = 700;

interface Series {
  key: string;
  /** At the line's end: "A · Implementation in national law" when there is room, else "A". */
  label: string;
  short: string;
  /** Its full name, for the point tooltips. */
  name: string;
  colour: string;
  points: Array<{ period: string; value: number | null }>;
}

/** The width the chart is given, followed as it changes (the chart is drawn at that width, so its text keeps its size). */
function useWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(Math.max(280, Math.round(el.getBoundingClientRect().width)));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/** Moves end labels apart so none overlaps the next (they keep their order top to bottom). */
export function spreadLabels(ys: readonly number[], gap: number, top: number, bottom: number): number[] {
  const order = ys.map((y, i) => ({ y, i })).sort((a, b) => a.y - b.y || a.i - b.i);
  const placed = order.map((o) => o.y);
  for (let k = 1; k < placed.length; k++) placed[k] = Math.max(placed[k], placed[k - 1] + gap);
  // pushed past the bottom: shift the run up, keeping the gaps
  const overflow = (placed.at(-1) ?? 0) - bottom;
  if (overflow > 0)
    for (let k = placed.length - 1; k >= 0; k--)
      placed[k] = Math.min(placed[k] - overflow, k < placed.length - 1 ? placed[k + 1] - gap : Infinity);
  const out: number[] = new Array<number>(ys.length);
  order.forEach((o, k) => (out[o.i] = Math.max(top, placed[k])));
  return out;
}

/**
 * Score history chart: the variables A–F (named as in the methodology) per period on the
 * scorecard's 0 to 5 axis, or the score on 0 to 100. Drawn as inline SVG at the width it
 * is given, so axis text stays readable on any screen; each line is labelled at its end
 * (letter and name when there is room, the key below in A–F order otherwise). The
 * explained history below carries the same numbers; the caption reads them out.
 */
export default function ScoreHistoryChart({ history }: { history: ScoreHistoryRow[] }) {
  const [view, setView] = useState<'variables' | 'score'>('variables');
  const [box, width] = useWidth<HTMLDivElement>(820);
  const wide = width >= WIDE;
  const max = view === 'variables' ? 5 : 100;
  const ticks = view === 'variables' ? [0, 1, 2, 3, 4, 5] : [0, 25, 50, 75, 100];
  const series: Series[] =
    view === 'variables'
      ? VARIABLES.map((v, i) => ({
          key: v,
          label: wide ? `${v} · ${VARIABLE_NAMES[v]}` : v,
          short: v,
          name: `${v} · ${VARIABLE_NAMES[v]}`,
          colour: SERIES_COLOURS[i],
          points: history.map((h) => ({ period: h.Period, value: h[v] })),
        }))
      : [
          {
            key: 'Score',
            label: `Score ${history.at(-1)?.Score ?? ''}`,
            short: 'Score',
            name: 'Score',
            colour: SERIES_COLOURS[0],
            points: history.map((h) => ({ period: h.Period, value: h.Score })),
          },
        ];

  const labelWidth = Math.max(...series.map((s) => s.label.length)) * FONT * 0.56 + 16;
  const pad = { top: 16, right: Math.ceil(labelWidth), bottom: 40, left: 44 };
  const plotWidth = Math.max(60, width - pad.left - pad.right);
  const plotHeight = HEIGHT - pad.top - pad.bottom;
  const x = (i: number) => pad.left + (history.length === 1 ? plotWidth / 2 : (i * plotWidth) / (history.length - 1));
  const y = (value: number) => pad.top + ((max - value) * plotHeight) / max;
  // as many period labels as fit side by side (the first and last always)
  const labelEvery = Math.max(1, Math.ceil((history.length * 78) / plotWidth));
  const shownPeriod = (i: number) => i === 0 || i === history.length - 1 || (i % labelEvery === 0 && history.length - 1 - i >= labelEvery);
  const ends = series.map((s) => {
    const last = [...s.points].reverse().find((p) => p.value !== null);
    return last?.value ?? null;
  });
  const endYs = spreadLabels(
    ends.map((v) => (v === null ? pad.top : y(v))),
    FONT + 3,
    pad.top + 4,
    pad.top + plotHeight + 4,
  );
  const label = view === 'variables' ? 'Variables A to F per period, 0 to 5' : 'Score per period, 0 to 100';

  return (
    <figure className="history-chart">
      <div className="cluster" role="radiogroup" aria-label="Chart">
        <label>
          <input type="radio" name="history-view" checked={view === 'variables'} onChange={() => setView('variables')} /> Variables A to F
          (0 to 5)
        </label>
        <label>
          <input type="radio" name="history-view" checked={view === 'score'} onChange={() => setView('score')} /> Score (0 to 100)
        </label>
      </div>
      <div className="history-chart-canvas" ref={box}>
        <svg viewBox={`0 0 ${width} ${HEIGHT}`} width={width} height={HEIGHT} role="img" aria-label={label}>
          <g className="history-chart-axis" fontSize={FONT} fill="#3d4955">
            {ticks.map((t) => (
              <g key={t}>
                <line x1={pad.left} x2={pad.left + plotWidth} y1={y(t)} y2={y(t)} stroke={t === 0 ? '#8a96a3' : '#e3e8ed'} />
                <text x={pad.left - 8} y={y(t) + 4} textAnchor="end">
                  {t}
                </text>
              </g>
            ))}
            <text transform={`translate(12 ${pad.top + plotHeight / 2}) rotate(-90)`} textAnchor="middle">
              {view === 'variables' ? 'Variable (0 to 5)' : 'Score (0 to 100)'}
            </text>
            {history.map((h, i) =>
              shownPeriod(i) ? (
                <text
                  key={h.PeriodId}
                  x={x(i)}
                  y={pad.top + plotHeight + 20}
                  textAnchor={history.length === 1 ? 'middle' : i === 0 ? 'start' : i === history.length - 1 ? 'end' : 'middle'}
                >
                  {h.Period}
                </text>
              ) : null,
            )}
          </g>
          {series.map((s, n) => {
            const drawn = s.points
              .map((p, i) => ({ ...p, i }))
              .filter((p): p is { period: string; value: number; i: number } => p.value !== null);
            const path = drawn.map((p, k) => `${k ? 'L' : 'M'}${x(p.i).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ');
            const end = drawn.at(-1);
            return (
              <g key={s.key} className="history-chart-series">
                {drawn.length > 1 && <path d={path} fill="none" stroke={s.colour} strokeWidth="2.5" />}
                {drawn.map((p) => (
                  <circle key={p.period + p.i} cx={x(p.i)} cy={y(p.value)} r="3.5" fill={s.colour}>
                    <title>{`${s.name}, ${p.period}: ${p.value}`}</title>
                  </circle>
                ))}
                {end && (
                  <g fontSize={FONT} fontWeight={600} fill={s.colour}>
                    {Math.abs(endYs[n] - y(end.value)) > 2 && (
                      <line x1={x(end.i) + 4} y1={y(end.value)} x2={x(end.i) + 10} y2={endYs[n] - 4} stroke={s.colour} strokeWidth="1" />
                    )}
                    <text x={x(end.i) + 12} y={endYs[n]}>
                      {s.label}
                    </text>
                  </g>
                )}
              </g>
            );
          })}
        </svg>
      </div>
      {view === 'variables' && !wide && (
        <ol className="history-chart-key" aria-label="Variables">
          {VARIABLES.map((v, i) => (
            <li key={v}>
              <span className="history-chart-swatch" style={{ background: SERIES_COLOURS[i] }} aria-hidden="true" />
              <b>{v}</b> {VARIABLE_NAMES[v]}
            </li>
          ))}
        </ol>
      )}
      <figcaption className="visually-hidden">
        {history
          .map((h) => `${h.Period}: score ${h.Score}, ${VARIABLES.map((v) => `${v} (${VARIABLE_NAMES[v]}) ${h[v]}`).join(', ')}`)
          .join('; ')}
      </figcaption>
    </figure>
  );
}
