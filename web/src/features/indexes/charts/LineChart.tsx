import type { ReactNode, Ref } from 'react';

import { labelWidth, spreadLabels } from './chart-text';
import { useWidth } from './use-width';

/** One line of a chart. */
export interface ChartSeries {
  key: string;
  /** Written at the line's end when the chart has room ("A · Implementation in national law", "Ireland 66"). */
  label: string;
  /** Written at the line's end when it has not ("A"); the key under the chart then names the line. */
  short?: string;
  /** The line in the key under a narrow chart (the label when absent). */
  keyText?: ReactNode;
  colour: string;
  /** One value per period, null where there is none (the line jumps the gap). */
  values: ReadonlyArray<number | null>;
  /** A reference line (the average): thinner and dashed. */
  dashed?: boolean;
}

/** A shaded range behind the lines (the lowest to the highest score of each period). */
export interface ChartBand {
  low: ReadonlyArray<number | null>;
  high: ReadonlyArray<number | null>;
  colour: string;
}

export interface LineChartProps {
  /** The periods along the x axis, oldest first. */
  periods: readonly string[];
  series: readonly ChartSeries[];
  max: number;
  ticks: readonly number[];
  /** The y axis's name ("Score (0 to 100)"). */
  axisLabel: string;
  /** The chart's accessible name; the page gives its numbers in a table or caption. */
  label: string;
  /** The accessible name of the key under a narrow chart. */
  keyLabel?: string;
  height?: number;
  svgRef?: Ref<SVGSVGElement>;
  band?: ChartBand;
}

const FONT = 13;
const FONT_FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';
const AXIS_COLOUR = '#3d4955';

/** The band's outline: along its tops left to right, back along its bottoms (periods without both are left out). */
function bandPath(band: ChartBand, x: (i: number) => number, y: (v: number) => number): string {
  const at = band.low.flatMap((low, i) => (low === null || band.high[i] === null ? [] : [{ i, low, high: band.high[i] }]));
  if (at.length < 2) return '';
  const top = at.map((p, k) => `${k ? 'L' : 'M'}${x(p.i).toFixed(1)},${y(p.high).toFixed(1)}`);
  const bottom = [...at].reverse().map((p) => `L${x(p.i).toFixed(1)},${y(p.low).toFixed(1)}`);
  return `${top.join(' ')} ${bottom.join(' ')} Z`;
}

/**
 * A line chart drawn as inline SVG at the width it is given, so its text stays readable on
 * any screen and nothing is ever cut: the right margin is as wide as the longest line-end
 * label (measured in the font it is drawn with; a narrow chart writes the short labels and
 * lists the names in a key below), period names are spaced so none runs into the next, the
 * first aligned to its start and the last to its end. Every style is an attribute, so the
 * SVG downloads as it shows.
 */
export function LineChart({ periods, series, max, ticks, axisLabel, label, keyLabel, height = 300, svgRef, band }: LineChartProps) {
  const [box, width] = useWidth<HTMLDivElement>(820);
  const fullLabels = series.map((s) => labelWidth(s.label, FONT, 600));
  const shortLabels = series.map((s) => labelWidth(s.short ?? s.label, FONT, 600));
  const longest = (widths: number[]) => Math.ceil(Math.max(0, ...widths)) + 16;
  // the full labels when they leave the plot at least three fifths of the width
  const wide = width - longest(fullLabels) - 52 >= width * 0.6 || series.every((s) => !s.short);
  const pad = { top: 16, right: longest(wide ? fullLabels : shortLabels), bottom: 40, left: 52 };
  const plotWidth = Math.max(60, width - pad.left - pad.right);
  const plotHeight = height - pad.top - pad.bottom;
  const last = periods.length - 1;
  const x = (i: number) => pad.left + (periods.length === 1 ? plotWidth / 2 : (i * plotWidth) / last);
  const y = (value: number) => pad.top + ((max - value) * plotHeight) / max;
  // as many period names as fit side by side, the first and the last always
  const step = periods.length > 1 ? plotWidth / last : plotWidth;
  const widest = Math.max(0, ...periods.map((p) => labelWidth(p, FONT))) + 16;
  const every = Math.max(1, Math.ceil(widest / step));
  // the first and last names stand beside their points (start- and end-aligned): the ones between keep a name and a half away
  const clear = (i: number) => x(i) - x(0) >= widest * 1.5 && x(last) - x(i) >= widest * 1.5;
  const named = (i: number) => i === 0 || i === last || (i % every === 0 && clear(i));
  const ends = series.map((s) => {
    for (let i = s.values.length - 1; i >= 0; i--) if (s.values[i] !== null) return { i, value: s.values[i]! };
    return null;
  });
  const endYs = spreadLabels(
    ends.map((e) => (e ? y(e.value) + 4 : pad.top)),
    FONT + 3,
    pad.top + 4,
    pad.top + plotHeight + 4,
  );
  const keyed = !wide && series.some((s) => s.short);

  return (
    <div className="line-chart">
      <div className="line-chart-canvas" ref={box}>
        <svg
          ref={svgRef}
          xmlns="http://www.w3.org/2000/svg"
          viewBox={`0 0 ${width} ${height}`}
          width={width}
          height={height}
          role="img"
          aria-label={label}
          fontFamily={FONT_FAMILY}
        >
          <rect width={width} height={height} fill="#ffffff" />
          <g fontSize={FONT} fill={AXIS_COLOUR}>
            {ticks.map((t) => (
              <g key={t}>
                <line x1={pad.left} x2={pad.left + plotWidth} y1={y(t)} y2={y(t)} stroke={t === 0 ? '#8a96a3' : '#e3e8ed'} />
                <text x={pad.left - 8} y={y(t) + 4} textAnchor="end">
                  {t}
                </text>
              </g>
            ))}
            <text transform={`translate(14 ${pad.top + plotHeight / 2}) rotate(-90)`} textAnchor="middle">
              {axisLabel}
            </text>
            {periods.map((p, i) =>
              named(i) ? (
                <text
                  key={`${p}-${i}`}
                  x={x(i)}
                  y={pad.top + plotHeight + 22}
                  textAnchor={periods.length === 1 ? 'middle' : i === 0 ? 'start' : i === last ? 'end' : 'middle'}
                >
                  {p}
                </text>
              ) : null,
            )}
          </g>
          {band && <path d={bandPath(band, x, y)} fill={band.colour} fillOpacity={0.18} stroke="none" />}
          {series.map((s, n) => {
            const drawn = s.values.flatMap((value, i) => (value === null ? [] : [{ value, i }]));
            const path = drawn.map((p, k) => `${k ? 'L' : 'M'}${x(p.i).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ');
            const end = ends[n];
            return (
              <g key={s.key} data-series={s.key}>
                {drawn.length > 1 && (
                  <path
                    d={path}
                    fill="none"
                    stroke={s.colour}
                    strokeWidth={s.dashed ? 2 : 2.5}
                    strokeDasharray={s.dashed ? '6 4' : undefined}
                  />
                )}
                {!s.dashed &&
                  drawn.map((p) => (
                    <circle key={p.i} cx={x(p.i)} cy={y(p.value)} r="3.5" fill={s.colour}>
                      <title>{`${s.label}, ${periods[p.i]}: ${p.value}`}</title>
                    </circle>
                  ))}
                {end && (
                  <g fontSize={FONT} fontWeight={600} fill={s.colour}>
                    {Math.abs(endYs[n] - 4 - y(end.value)) > 2 && (
                      <line x1={x(end.i) + 4} y1={y(end.value)} x2={x(end.i) + 10} y2={endYs[n] - 4} stroke={s.colour} strokeWidth="1" />
                    )}
                    <text x={x(end.i) + 12} y={endYs[n]}>
                      {wide ? s.label : (s.short ?? s.label)}
                    </text>
                  </g>
                )}
              </g>
            );
          })}
        </svg>
      </div>
      {keyed && (
        <ol className="line-chart-key" aria-label={keyLabel}>
          {series.map((s) => (
            <li key={s.key}>
              <span
                className={`line-chart-swatch${s.dashed ? ' line-chart-swatch-dashed' : ''}`}
                style={{ borderColor: s.colour }}
                aria-hidden="true"
              />
              {s.keyText ?? s.label}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
