import fs from 'node:fs';
import path from 'node:path';

import type { EnforceabilityHistoryRow, EnforceabilityScorecard, ScoreHistoryRow, Scorecard } from '@cti/contracts';
import {
  complianceBreakdown,
  ENFORCEABILITY_VARIABLE_NAMES,
  enforceabilityBreakdown,
  formatExactPoints,
  formatMove,
  formatPoints,
  formatRounding,
  pbaLevelName,
  standingText,
  VARIABLE_NAMES,
  type IndexStanding,
  type PbaLevel,
  type ScoreBreakdown,
  type VariableMove,
} from '@cti/scoring-rules';

/**
 * Scorecards as complete HTML documents for PDF rendering: inline CSS, the flag inlined
 * as a data URI, charts as inline SVG, no scripts and no outside resources. Rich-text
 * fields are stored sanitized and are inserted as they are; everything else is escaped.
 */

const escape = (text: unknown) =>
  String(text ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const flagCache = new Map<string, string | null>();
let flagDir: string | null | undefined;

/** The country's flag as a data URI (flag-icons, the same files the web serves). */
export function flagDataUri(countryId: string | null): string | null {
  if (!countryId || !/^[a-z]{2}$/i.test(countryId)) return null;
  const code = countryId.toLowerCase();
  if (!flagCache.has(code)) {
    if (flagDir === undefined) {
      try {
        flagDir = path.join(path.dirname(require.resolve('flag-icons/package.json')), 'flags', '4x3');
      } catch {
        flagDir = null;
      }
    }
    let uri: string | null = null;
    try {
      if (flagDir) uri = `data:image/svg+xml;base64,${fs.readFileSync(path.join(flagDir, `${code}.svg`)).toString('base64')}`;
    } catch {
      uri = null;
    }
    flagCache.set(code, uri);
  }
  return flagCache.get(code) ?? null;
}

const CATEGORY_COLOURS: Record<string, string> = {
  'Very High': '#1a7f37',
  High: '#6cae3e',
  Medium: '#e6a817',
  Low: '#c8432b',
  Unscored: '#9aa5b1',
  'Not Defined': '#9aa5b1',
};

const STYLE = `
  @page { size: A4; margin: 16mm 14mm; }
  * { box-sizing: border-box; }
  body { font-family: 'Helvetica Neue', Arial, sans-serif; color: #14202b; font-size: 11pt; line-height: 1.45; margin: 0; }
  header { display: flex; align-items: center; gap: 14px; border-bottom: 3px solid #0b3d66; padding-bottom: 10px; margin-bottom: 14px; }
  header img { width: 64px; height: 48px; border: 1px solid #d6dde4; }
  header .code { width: 64px; height: 48px; border: 1px solid #d6dde4; display: flex; align-items: center; justify-content: center; font-weight: bold; }
  header h1 { font-size: 20pt; margin: 0; }
  header p { margin: 2px 0 0; color: #5a6775; }
  .summary { display: flex; gap: 16px; align-items: stretch; margin-bottom: 14px; }
  .score { border: 1px solid #d6dde4; border-radius: 6px; padding: 10px 16px; text-align: center; min-width: 140px; }
  .score .value { font-size: 30pt; font-weight: bold; }
  .chip { display: inline-block; color: #fff; border-radius: 12px; padding: 2px 10px; font-size: 10pt; font-weight: bold; }
  .facts { flex: 1; border-collapse: collapse; }
  .facts th { text-align: left; color: #5a6775; font-weight: normal; padding: 3px 8px 3px 0; width: 45%; }
  .facts td { padding: 3px 0; font-weight: bold; }
  .notice { border-left: 4px solid #b3261e; background: #fbeaea; padding: 8px 12px; margin: 0 0 14px; }
  .demo { border: 1px dashed #0b5cab; background: #e7f0fa; padding: 6px 10px; margin-bottom: 12px; font-size: 10pt; }
  section { break-inside: avoid; }
  h2 { break-after: avoid; font-size: 13pt; color: #0b3d66; margin: 16px 0 6px; border-bottom: 1px solid #d6dde4; padding-bottom: 3px; }
  table.grid { width: 100%; border-collapse: collapse; font-size: 10pt; }
  table.grid th, table.grid td { border: 1px solid #d6dde4; padding: 4px 6px; text-align: left; }
  table.grid th { background: #f4f6f8; }
  table.grid td.num { text-align: right; font-variant-numeric: tabular-nums; }
  .rich p { margin: 0 0 6px; }
  .muted { color: #5a6775; }
  footer { margin-top: 18px; border-top: 1px solid #d6dde4; padding-top: 6px; font-size: 9pt; color: #5a6775; }
  svg text { font-family: 'Helvetica Neue', Arial, sans-serif; }
  svg.chart { display: block; width: 100%; height: auto; margin-bottom: 8px; }
`;

function page(title: string, body: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

function header(name: string, countryId: string | null, subtitle: string): string {
  const flag = flagDataUri(countryId);
  const picture = flag ? `<img src="${flag}" alt="">` : `<div class="code">${escape(countryId ?? '')}</div>`;
  return `<header>${picture}<div><h1>${escape(name)}</h1><p>${escape(subtitle)}</p></div></header>`;
}

const chip = (category: string) =>
  `<span class="chip" style="background:${CATEGORY_COLOURS[category] ?? '#5a6775'}">${escape(category)}</span>`;
const rich = (title: string, html: string | null) => (html ? `<h2>${escape(title)}</h2><div class="rich">${html}</div>` : '');
const yesNo = (v: boolean | null | undefined) => (v ? 'Yes' : 'No');
const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/**
 * The points table: each variable by its methodology name, exact points, the rounding to the
 * half when it moved the sum, and the score they add up to.
 */
function pointsTable<V extends string>(title: string, b: ScoreBreakdown<V>, names: Readonly<Record<V, string>>): string {
  const rows = b.rows
    .map(
      (r) =>
        `<tr><td>${escape(r.variable)} · ${escape(names[r.variable])}</td><td class="num">${fmt(r.value)} / 5</td><td class="num">${r.weight}</td><td class="num">${formatExactPoints(r.points)}</td></tr>`,
    )
    .join('');
  const rounding = b.rounding
    ? `<tr><td colspan="3">Rounded to the nearest half</td><td class="num">${formatRounding(b.rounding)}</td></tr>`
    : '';
  return `<h2>${escape(title)}</h2><table class="grid"><thead><tr><th>Variable</th><th>Score</th><th>Weight</th><th>Points</th></tr></thead><tbody>${rows}${rounding}</tbody><tfoot><tr><th colspan="3">Score</th><td class="num"><strong>${formatExactPoints(b.score)}</strong></td></tr></tfoot></table>`;
}

/** Width of the history chart: the page's whole text width (A4 less the margins, at 96 px to the inch). */
export const CHART_WIDTH = 680;
const CHART_FONT = 9;
/** About the width of a character of the chart's text, to keep period names apart. */
const CHAR_WIDTH = CHART_FONT * 0.6;

/**
 * The line chart of scores per period (0–100) as inline SVG, the page's full width, with the
 * average of the scored countries as a dashed line when given. Period names are spaced so none
 * overlaps the next; the first is aligned to its start and the last to its end, so both read whole
 * ("September 2026", never "September").
 */
export function scoreChart(points: Array<{ label: string; score: number; average?: number | null }>): string {
  if (points.length < 2) return '';
  const w = CHART_WIDTH;
  const h = 190;
  const pad = { l: 34, r: 52, t: 12, b: 30 };
  const plot = w - pad.l - pad.r;
  const x = (i: number) => pad.l + (i * plot) / (points.length - 1);
  const y = (s: number) => pad.t + ((100 - s) * (h - pad.t - pad.b)) / 100;
  const widest = Math.max(...points.map((p) => p.label.length)) * CHAR_WIDTH + 12;
  const every = Math.max(1, Math.ceil(widest / (plot / (points.length - 1))));
  const last = points.length - 1;
  // the first and last names stand beside their points (start- and end-aligned): the ones between keep a name and a half away
  const clear = (i: number) => x(i) - x(0) >= widest * 1.5 && x(last) - x(i) >= widest * 1.5;
  const labelled = (i: number) => i === 0 || i === last || (i % every === 0 && clear(i));
  const grid = [0, 25, 50, 75, 100]
    .map(
      (v) =>
        `<line x1="${pad.l}" x2="${w - pad.r}" y1="${y(v)}" y2="${y(v)}" stroke="#e3e8ed"/><text x="${pad.l - 6}" y="${y(v) + 3}" font-size="${CHART_FONT}" text-anchor="end" fill="#5a6775">${v}</text>`,
    )
    .join('');
  const path = (values: Array<number | null | undefined>) =>
    values
      .map((v, i) => (v === null || v === undefined ? null : `${x(i).toFixed(1)},${y(v).toFixed(1)}`))
      .filter(Boolean)
      .map((at, k) => `${k ? 'L' : 'M'}${at}`)
      .join(' ');
  const averages = points.map((p) => p.average);
  const lastAverage = averages.at(-1);
  const average = averages.some((a) => typeof a === 'number')
    ? `<path d="${path(averages)}" fill="none" stroke="#8a96a3" stroke-width="1.5" stroke-dasharray="4 3"/>` +
      (typeof lastAverage === 'number'
        ? `<text x="${x(last) + 6}" y="${y(lastAverage) + 3}" font-size="${CHART_FONT}" fill="#5a6775">Average</text>`
        : '')
    : '';
  const labels = points
    .map((p, i) =>
      labelled(i)
        ? `<text x="${x(i)}" y="${h - 10}" font-size="${CHART_FONT}" text-anchor="${i === 0 ? 'start' : i === last ? 'end' : 'middle'}" fill="#5a6775">${escape(p.label)}</text>`
        : '',
    )
    .join('');
  const dots = points.map((p, i) => `<circle cx="${x(i)}" cy="${y(p.score)}" r="3" fill="#0b3d66"/>`).join('');
  const end = `<text x="${x(last) + 6}" y="${y(points[last].score) + 3}" font-size="${CHART_FONT}" font-weight="bold" fill="#0b3d66">${fmt(points[last].score)}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" class="chart" width="100%" viewBox="0 0 ${w} ${h}" role="img" aria-label="Score history">${grid}${average}<path d="${path(points.map((p) => p.score))}" fill="none" stroke="#0b3d66" stroke-width="2"/>${dots}${labels}${end}</svg>`;
}

/** What the scorecard says about the score beside the score itself. */
export interface ScorecardContext {
  /** Rank among the countries scored in the period, and their average (scoring-rules `indexStanding`). */
  standing: IndexStanding | null;
  /** The average of the scored countries by period id: the history chart's reference line. */
  averages: ReadonlyMap<string, number>;
}

/** "A 4→5, +5.0; Category High → Very High": why a score moved. */
function changeReasons(e: NonNullable<ScoreHistoryRow['Explanation']>): string {
  return [
    ...e.moves.map((m) => formatMove(m as VariableMove)),
    ...(e.levelFrom !== e.levelTo
      ? [`Precedent adjustment ${pbaLevelName(e.levelFrom as PbaLevel)} → ${pbaLevelName(e.levelTo as PbaLevel)}`]
      : []),
    ...(e.categoryFrom !== e.categoryTo ? [`${e.categoryFrom} → ${e.categoryTo}`] : []),
  ].join('; ');
}

function footer(isDemo: boolean, what: string, generatedAt: Date): string {
  const stamp = generatedAt.toISOString().slice(0, 16).replace('T', ' ');
  return `<footer>${escape(what)} generated ${escape(stamp)} UTC by the Cape Town Convention Compliance Index platform.${isDemo ? ' Demo data: the scores shown are illustrative only.' : ''}</footer>`;
}

/**
 * The Compliance Index scorecard: what the reader may see of it (null parts are left out).
 * `generatedAt`: the moment the footer names (the service clock's now).
 */
export function complianceScorecardHtml(
  card: Scorecard,
  history: ScoreHistoryRow[] | null,
  generatedAt: Date,
  context: ScorecardContext = { standing: null, averages: new Map() },
): string {
  const subtitle = `Cape Town Convention Compliance Index scorecard${card.Period ? ` · ${card.Period}` : ''}`;
  const parts: string[] = [header(card.Name, card.CountryId, subtitle)];
  if (card.IsDemo)
    parts.push('<div class="demo">Demo data: these scores are illustrative only and are not an assessment of this country.</div>');
  const facts: Array<[string, string]> = [
    ['Qualifying declarations made', yesNo(card.QualifyingDeclarations)],
    ['ASU conclusion', card.Suspended ? 'Suspended' : (card.ASU ?? '-')],
  ];
  if (card.isPBA !== null) facts.push(['Precedent-based adjustment', card.isPBA ? (card.PBALevel ?? 'Yes') : 'None']);
  if (card.Access.watchlist) facts.push(['Watchlist', yesNo(card.Watchlist)]);
  if (card.Suspended) facts.push(['Status', 'Suspended']);
  if (context.standing && card.Scored) {
    facts.push([`Rank${card.Period ? ` in ${card.Period}` : ''}`, standingText(context.standing)]);
    facts.push(['Average of the scored countries', fmt(context.standing.average)]);
  }
  const latest = history?.at(-1);
  const previous = history?.at(-2);
  if (latest?.Explanation && previous) {
    const reasons = changeReasons(latest.Explanation);
    facts.push([
      `Change since ${previous.Period}`,
      `${latest.Explanation.delta === 0 ? 'no change' : formatPoints(latest.Explanation.delta)}${reasons ? ` (${reasons})` : ''}`,
    ]);
  }
  parts.push(
    `<div class="summary"><div class="score"><div class="muted">Score</div><div class="value">${card.Scored ? fmt(card.Score) : '—'}</div>${chip(card.Category)}</div>` +
      `<table class="facts">${facts.map(([k, v]) => `<tr><th>${escape(k)}</th><td>${escape(v)}</td></tr>`).join('')}</table></div>`,
  );
  if (card.Access.watchlist && card.Notice && (card.Watchlist || card.IsSpecialNotice)) {
    parts.push(
      `<div class="notice"><strong>${card.Watchlist ? 'Watchlist notice' : 'Special notice'}</strong><div class="rich">${card.Notice}</div></div>`,
    );
  }
  if (card.A !== null) parts.push(pointsTable('Scores A to F', complianceBreakdown(card, !!card.isPBA, card.PBA), VARIABLE_NAMES));
  parts.push(rich('Explanatory comments', card.ExplanatoryComments));
  parts.push(rich('Improving the score', card.ImprovingScore));
  parts.push(rich('Acknowledgements', card.Acknowledgements));
  if (card.AnnotationName) parts.push(`<h2>Annotations</h2><p>${escape(card.AnnotationName)}</p>`);
  if (history?.length) {
    const rows = history
      .map((h) => {
        const why = h.Explanation ? changeReasons(h.Explanation) : 'First scored period';
        return `<tr><td>${escape(h.Period)}</td><td class="num">${fmt(h.Score)}</td><td>${escape(h.Category)}</td><td>${escape(why || 'No change of inputs')}</td></tr>`;
      })
      .join('');
    parts.push(
      `<section><h2>Score history</h2>${scoreChart(history.map((h) => ({ label: h.Period, score: h.Score, average: context.averages.get(h.PeriodId) ?? null })))}<table class="grid"><thead><tr><th>Period</th><th>Score</th><th>Category</th><th>What changed</th></tr></thead><tbody>${rows}</tbody></table></section>`,
    );
  }
  parts.push(footer(card.IsDemo, 'Scorecard', generatedAt));
  return page(`${card.Name} Scorecard`, parts.join(''));
}

/** The Enforceability Index scorecard. */
export function enforceabilityScorecardHtml(
  card: EnforceabilityScorecard,
  history: EnforceabilityHistoryRow[] | null,
  generatedAt: Date,
): string {
  const subtitle = `Enforceability Index scorecard${card.Period ? ` · ${card.Period}` : ''}`;
  const parts: string[] = [header(card.Name, card.CountryId, subtitle)];
  if (card.IsDemo)
    parts.push('<div class="demo">Demo data: these scores are illustrative only and are not an assessment of this country.</div>');
  if (!card.HasScores) {
    parts.push('<p>This group does not yet have enforceability scores for the current period.</p>');
  } else {
    parts.push(
      `<div class="summary"><div class="score"><div class="muted">Score</div><div class="value">${fmt(card.Score)}</div>${chip(card.Category)}</div></div>`,
    );
    if (card.A !== null) parts.push(pointsTable('Scores A to D', enforceabilityBreakdown(card), ENFORCEABILITY_VARIABLE_NAMES));
    parts.push(rich('Explanatory comments', card.ExplanatoryComments));
    parts.push(rich('Improving the score', card.ImprovingScore));
    parts.push(rich('Acknowledgements', card.Acknowledgements));
    if (history?.length) {
      parts.push(
        `<h2>Score history</h2>${scoreChart(history.map((h) => ({ label: h.Period, score: h.Score })))}<table class="grid"><thead><tr><th>Period</th><th>Score</th><th>Category</th></tr></thead><tbody>${history
          .map((h) => `<tr><td>${escape(h.Period)}</td><td class="num">${fmt(h.Score)}</td><td>${escape(h.Category)}</td></tr>`)
          .join('')}</tbody></table>`,
      );
    }
  }
  parts.push(footer(card.IsDemo, 'Enforceability scorecard', generatedAt));
  return page(`${card.Name} Enforceability Scorecard`, parts.join(''));
}
