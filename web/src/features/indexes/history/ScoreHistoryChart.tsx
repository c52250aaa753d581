import { useState } from 'react';
import { ResponsiveLine } from '@nivo/line';
import type { ScoreHistoryRow } from '@cti/contracts';
import { VARIABLES } from '@cti/scoring-rules';

const SERIES_COLOURS = ['#0b3d66', '#1f7ae0', '#1a7f37', '#e6a817', '#c8432b', '#6b4c9a'];

/**
 * Score history chart (nivo): the variables A–F per period on the scorecard's 0 to 5
 * axis (index §9), or the score on 0 to 100. A table below carries the same numbers.
 */
export default function ScoreHistoryChart({ history }: { history: ScoreHistoryRow[] }) {
  const [view, setView] = useState<'variables' | 'score'>('variables');
  const data =
    view === 'variables'
      ? VARIABLES.map((v) => ({ id: `Variable ${v}`, data: history.map((h) => ({ x: h.Period, y: h[v] })) }))
      : [{ id: 'Score', data: history.map((h) => ({ x: h.Period, y: h.Score })) }];
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
      <div
        className="history-chart-canvas"
        role="img"
        aria-label={view === 'variables' ? 'Variables A to F per period' : 'Score per period'}
      >
        <ResponsiveLine
          ariaLabel={view === 'variables' ? 'Variables A to F per period' : 'Score per period'}
          data={data}
          margin={{ top: 16, right: 120, bottom: 48, left: 48 }}
          xScale={{ type: 'point' }}
          yScale={{ type: 'linear', min: 0, max: view === 'variables' ? 5 : 100 }}
          axisLeft={{
            tickValues: view === 'variables' ? [0, 1, 2, 3, 4, 5] : [0, 25, 50, 75, 100],
            legend: view === 'variables' ? 'Score (0–5)' : 'Score',
            legendOffset: -38,
            legendPosition: 'middle',
          }}
          axisBottom={{ tickRotation: history.length > 6 ? -30 : 0 }}
          colors={view === 'variables' ? SERIES_COLOURS : ['#0b3d66']}
          pointSize={8}
          useMesh
          animate={false}
          legends={[{ anchor: 'right', direction: 'column', translateX: 110, itemWidth: 100, itemHeight: 20, symbolSize: 12 }]}
        />
      </div>
      <figcaption className="visually-hidden">
        {history.map((h) => `${h.Period}: score ${h.Score}, ${VARIABLES.map((v) => `${v} ${h[v]}`).join(', ')}`).join('; ')}
      </figcaption>
    </figure>
  );
}
