import type { Ref } from 'react';

import { labelWidth } from './chart-text';
import { useWidth } from './use-width';

export interface BarSeries {
  key: string;
  label: string;
  colour: string;
  /** One value per group, null where there is none (no bar, a dash). */
  values: ReadonlyArray<number | null>;
}

export interface BarChartProps {
  /** The groups along the x axis ("A", "B", …). */
  groups: readonly string[];
  series: readonly BarSeries[];
  max: number;
  ticks: readonly number[];
  axisLabel: string;
  label: string;
  svgRef?: Ref<SVGSVGElement>;
}

const FONT = 13;
const FONT_FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';
const PLOT_HEIGHT = 220;

/**
 * Grouped bars as inline SVG at the width it is given: one group per variable, one bar per
 * country in its colour, the key drawn inside the SVG (it wraps to the width), so the chart
 * downloads whole. A missing value is a dash at the axis, not a bar of zero.
 */
export function BarChart({ groups, series, max, ticks, axisLabel, label, svgRef }: BarChartProps) {
  const [box, width] = useWidth<HTMLDivElement>(820);

  const pad = { top: 16, right: 12, left: 52 };
  const plotWidth = width - pad.left - pad.right;
  const y = (v: number) => pad.top + ((max - v) * PLOT_HEIGHT) / max;
  const groupWidth = plotWidth / groups.length;
  const barWidth = Math.max(2, (groupWidth * 0.8) / Math.max(1, series.length));
  // the key: swatch and name, laid in lines that fit the width
  const keyTop = pad.top + PLOT_HEIGHT + 40;
  const keyItems: Array<{ s: BarSeries; x: number; line: number }> = [];
  let at = pad.left;
  let line = 0;
  for (const s of series) {
    const w = 18 + labelWidth(s.label, FONT) + 20;
    if (at + w > width - pad.right && at > pad.left) {
      line++;
      at = pad.left;
    }
    keyItems.push({ s, x: at, line });
    at += w;
  }
  const height = keyTop + (line + 1) * 22;

  return (
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
        <g fontSize={FONT} fill="#3d4955">
          {ticks.map((t) => (
            <g key={t}>
              <line x1={pad.left} x2={pad.left + plotWidth} y1={y(t)} y2={y(t)} stroke={t === 0 ? '#8a96a3' : '#e3e8ed'} />
              <text x={pad.left - 8} y={y(t) + 4} textAnchor="end">
                {t}
              </text>
            </g>
          ))}
          <text transform={`translate(14 ${pad.top + PLOT_HEIGHT / 2}) rotate(-90)`} textAnchor="middle">
            {axisLabel}
          </text>
          {groups.map((g, gi) => (
            <text key={g} x={pad.left + groupWidth * (gi + 0.5)} y={pad.top + PLOT_HEIGHT + 22} textAnchor="middle" fontWeight={700}>
              {g}
            </text>
          ))}
        </g>
        {series.map((s, si) => (
          <g key={s.key} fill={s.colour} data-series={s.key}>
            {s.values.map((v, gi) => {
              const x = pad.left + groupWidth * gi + groupWidth * 0.1 + barWidth * si;
              return v === null ? (
                <line key={gi} x1={x + 1} x2={x + barWidth - 1} y1={y(0) - 2} y2={y(0) - 2} stroke={s.colour} strokeWidth="2" />
              ) : (
                <rect key={gi} x={x + 0.5} y={y(v)} width={Math.max(1, barWidth - 1)} height={y(0) - y(v)}>
                  <title>{`${s.label}, ${groups[gi]}: ${v}`}</title>
                </rect>
              );
            })}
          </g>
        ))}
        <g fontSize={FONT} fill="#14202b">
          {keyItems.map(({ s, x, line: l }) => (
            <g key={s.key}>
              <rect x={x} y={keyTop + l * 22 - 10} width="12" height="12" fill={s.colour} />
              <text x={x + 18} y={keyTop + l * 22}>
                {s.label}
              </text>
            </g>
          ))}
        </g>
      </svg>
    </div>
  );
}
