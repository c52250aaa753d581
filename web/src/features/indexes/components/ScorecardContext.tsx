import type { Scorecard } from '@cti/contracts';
import { formatMove, formatPoints, indexStanding, standingText, type VariableMove } from '@cti/scoring-rules';

import { useIndexListQuery, useScoreHistoryQuery } from '../indexes-api';

const oneDecimal = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/**
 * What the score means beside the others, under a scorecard's score: its rank among the
 * countries scored in the period ("14th of 51"), the change since the previous period with
 * what moved it (for readers of the country's history), and the average of the scored
 * countries. Regions are not in the index's data, so there is no regional average.
 */
export function ScorecardContext({ card }: { card: Scorecard }) {
  const { data: rows } = useIndexListQuery();
  const { data: history } = useScoreHistoryQuery(card.GroupId, { skip: !card.Access.history });
  const standing = rows ? indexStanding(rows, card.GroupId) : null;
  const latest = history?.at(-1);
  const previous = history?.at(-2);
  const change = latest?.PeriodId === card.PeriodId ? latest.Explanation : null;
  const versus = standing ? Math.round((card.Score - standing.average) * 10) / 10 : 0;
  if (!standing && !change) return null;
  return (
    <section className="scorecard-context" aria-label="Where the score stands">
      {standing && (
        <div className="context-item">
          <span className="context-label">Rank{card.Period ? ` in ${card.Period}` : ''}</span>
          <strong className="context-value">{standingText(standing)}</strong>
          <span className="context-note">among the countries scored</span>
        </div>
      )}
      {card.Access.history ? (
        change &&
        previous && (
          <div className="context-item">
            <span className="context-label">Change since {previous.Period}</span>
            <strong className={`context-value delta ${change.delta > 0 ? 'up' : change.delta < 0 ? 'down' : ''}`}>
              {change.delta === 0 ? 'No change' : formatPoints(change.delta)}
            </strong>
            <span className="context-note">
              {[
                ...change.moves.map((m) => formatMove(m as VariableMove)),
                ...(change.categoryFrom !== change.categoryTo ? [`${change.categoryFrom} → ${change.categoryTo}`] : []),
              ].join(' · ') || 'No variable moved'}
            </span>
          </div>
        )
      ) : (
        <div className="context-item">
          <span className="context-label">Change since the previous period</span>
          <a className="context-note" href="#history">
            In the score history
          </a>
        </div>
      )}
      {standing && (
        <div className="context-item">
          <span className="context-label">Average of the {standing.of} scored countries</span>
          <strong className="context-value">{oneDecimal(standing.average)}</strong>
          <span className="context-note">
            {versus === 0 ? 'the same as this score' : `this score is ${oneDecimal(Math.abs(versus))} ${versus > 0 ? 'above' : 'below'}`}
          </span>
        </div>
      )}
    </section>
  );
}
