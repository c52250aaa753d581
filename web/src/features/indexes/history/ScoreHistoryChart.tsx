import { useState } from 'react';
import type { ScoreHistoryRow } from '@cti/contracts';
import { VARIABLES } from '@cti/scoring-rules';

const SERIES_COLOURS = ['#0b3d66', '#1f7ae0', '#1a7f37', '#e6a817', '#c8432b', '#6b4c9a'];
/** Drawing size in SVG units; the SVG scales to the width it is given. */
const SIZE = { width: 820, height: 320 };
const PAD = { top: 16, right: 120, bottom: 56, left: 52 };

interface Series {
  id: string;
  colour: string;
  points: Array<{ period: string; value: number | null }>;
}

/**
 * Score history chart: the variables A–F per period on the scorecard's 0 to 5 axis, or the
 * score on 0 to 100. Drawn as inline SVG from the data alone, so it shows as
 * soon as the history arrives (no chart library to fetch first). A table below the chart
 * (the explained history) carries the same numbers; the caption reads them out.
 */
export default function ScoreHistoryChart({ history }: { history: ScoreHistoryRow[] }) {
  const [view, setView] = useState<'variables' | 'score'>('variables');
  const max = view === 'variables' ? 5 : 100;
  const ticks = view === 'variables' ? [0, 1, 2, 3, 4, 5] : [0, 25, 50, 75, 100];
  const series: Series[] =
    view === 'variables'
      ? VARIABLES.map((v, i) => ({
          id: `Variable ${v}`,
          colour: SERIES_COLOURS[i]!,
          points: history.map((h) => ({ period: h.Period, value: h[v] })),
        }))
      : [{ id: 'Score', colour: SERIES_COLOURS[0]!, points: history.map((h) => ({ period: h.Period, value: h.Score })) }];

  const plotWidth = SIZE.width - PAD.left - PAD.right;
  const plotHeight = SIZE.height - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (history.length === 1 ? plotWidth / 2 : (i * plotWidth) / (history.length - 1));
  const y = (value: number) => PAD.top + ((max - value) * plotHeight) / max;
  const slanted = history.length > 6;
  const label = view === 'variables' ? 'Variables A to F per period' : 'Score per period';

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
      <div className="history-chart-canvas">
        <svg viewBox={`0 0 ${SIZE.width} ${SIZE.height}`} width="100%" height="100%" role="img" aria-label={label}>
          <g className="history-chart-axis" fontSize="12" fill="#55616e">
            {ticks.map((t) => (
              <g key={t}>
                <line x1={PAD.left} x2={PAD.left + plotWidth} y1={y(t)} y2={y(t)} stroke="#e3e8ed" />
                <text x={PAD.left - 8} y={y(t) + 4} textAnchor="end">
                  {t}
                </text>
              </g>
            ))}
            <text transform={`translate(14 ${PAD.top + plotHeight / 2}) rotate(-90)`} textAnchor="middle">
              {view === 'variables' ? 'Score (0–5)' : 'Score'}
            </text>
            {history.map((h, i) => (
              <text
                key={h.PeriodId}
                x={x(i)}
                y={PAD.top + plotHeight + 20}
                textAnchor={slanted ? 'end' : 'middle'}
                transform={slanted ? `rotate(-30 ${x(i)} ${PAD.top + plotHeight + 20})` : undefined}
              >
                {h.Period}
              </text>
            ))}
          </g>
          {series.map((s) => {
            const drawn = s.points
              .map((p, i) => ({ ...p, i }))
              .filter((p): p is { period: string; value: number; i: number } => p.value !== null);
            const path = drawn.map((p, n) => `${n ? 'L' : 'M'}${x(p.i).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ');
            return (
              <g key={s.id} className="history-chart-series">
                {drawn.length > 1 && <path d={path} fill="none" stroke={s.colour} strokeWidth="2" />}
                {drawn.map((p) => (
                  <circle key={p.period + p.i} cx={x(p.i)} cy={y(p.value)} r="4" fill={s.colour}>
                    <title>{`${s.id}, ${p.period}: ${p.value}`}</title>
                  </circle>
                ))}
              </g>
            );
          })}
          <g className="history-chart-legend" fontSize="12" fill="#14202b">
            {series.map((s, i) => (
              <g key={s.id} transform={`translate(${SIZE.width - PAD.right + 16} ${PAD.top + i * 22})`}>
                <rect width="12" height="12" rx="2" fill={s.colour} />
                <text x="18" y="10">
                  {s.id}
                </text>
              </g>
            ))}
          </g>
        </svg>
      </div>
      <figcaption className="visually-hidden">
        {history.map((h) => `${h.Period}: score ${h.Score}, ${VARIABLES.map((v) => `${v} ${h[v]}`).join(', ')}`).join('; ')}
      </figcaption>
    </figure>
  );
}
