import { useState } from 'react';

import type { ScoreHistoryRow } from '@cti/contracts';
import { VARIABLE_NAMES, VARIABLES } from '@cti/scoring-rules';

import { SERIES_COLOURS } from '../charts/chart-text';
import { LineChart, type ChartSeries } from '../charts/LineChart';

/**
 * Score history chart: the variables A–F (named as in the methodology) per period on the
 * scorecard's 0 to 5 axis, or the score on 0 to 100, across the page's width. Each line is
 * labelled at its end (letter and name when there is room, the key below in A–F order
 * otherwise). The explained history below carries the same numbers; the caption reads them out.
 */
export default function ScoreHistoryChart({ history }: { history: ScoreHistoryRow[] }) {
  const [view, setView] = useState<'variables' | 'score'>('variables');
  const series: ChartSeries[] =
    view === 'variables'
      ? VARIABLES.map((v, i) => ({
          key: v,
          label: `${v} · ${VARIABLE_NAMES[v]}`,
          short: v,
          keyText: (
            <>
              <b>{v}</b> {VARIABLE_NAMES[v]}
            </>
          ),
          colour: SERIES_COLOURS[i],
          values: history.map((h) => h[v]),
        }))
      : [{ key: 'Score', label: `Score ${history.at(-1)?.Score ?? ''}`, colour: SERIES_COLOURS[0], values: history.map((h) => h.Score) }];

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
      <LineChart
        periods={history.map((h) => h.Period)}
        series={series}
        max={view === 'variables' ? 5 : 100}
        ticks={view === 'variables' ? [0, 1, 2, 3, 4, 5] : [0, 25, 50, 75, 100]}
        axisLabel={view === 'variables' ? 'Variable (0 to 5)' : 'Score (0 to 100)'}
        label={view === 'variables' ? 'Variables A to F per period, 0 to 5' : 'Score per period, 0 to 100'}
        keyLabel="Variables"
      />
      <figcaption className="visually-hidden">
        {history
          .map((h) => `${h.Period}: score ${h.Score}, ${VARIABLES.map((v) => `${v} (${VARIABLE_NAMES[v]}) ${h[v]}`).join(', ')}`)
          .join('; ')}
      </figcaption>
    </figure>
  );
}
