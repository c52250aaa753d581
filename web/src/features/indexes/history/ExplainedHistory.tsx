import type { ScoreHistoryRow } from '@cti/contracts';
import { formatMove, formatPoints as signed, pbaLevelName, type PbaLevel, type VariableMove } from '@cti/scoring-rules';

import { CategoryBadge } from '../components/CategoryBadge';
import { RichText } from '../components/RichText';

/**
 * Explained history: each score change names the variables that moved and the points
 * each moved ("A 4→5, +5.0"), a change of precedent adjustment, the category change,
 * and the notice or comment attached to that period. Newest first.
 */
export function ExplainedHistory({ history }: { history: ScoreHistoryRow[] }) {
  return (
    <ol className="explained-history">
      {[...history].reverse().map((h) => {
        const e = h.Explanation;
        return (
          <li key={h.PeriodId} className="history-entry">
            <div className="history-entry-head">
              <strong>{h.Period}</strong>
              <span className="score-value">{h.Score}</span>
              <CategoryBadge category={h.Category} />
              {e && (
                <span className={`delta ${e.delta > 0 ? 'up' : e.delta < 0 ? 'down' : ''}`}>
                  {e.delta === 0 ? 'no change' : signed(e.delta)}
                </span>
              )}
            </div>
            {!e ? (
              <p className="muted">First scored period.</p>
            ) : (
              <ul className="history-moves">
                {e.moves.map((m) => (
                  <li key={m.variable}>{formatMove(m as VariableMove)}</li>
                ))}
                {e.levelFrom !== e.levelTo && (
                  <li>
                    Precedent adjustment {pbaLevelName(e.levelFrom as PbaLevel)} → {pbaLevelName(e.levelTo as PbaLevel)},{' '}
                    {signed(e.levelPoints)}
                  </li>
                )}
                {e.roundingPoints !== 0 && <li className="muted">Rounding to the nearest half, {signed(e.roundingPoints)}</li>}
                {e.moves.length === 0 && e.levelFrom === e.levelTo && <li className="muted">No variable moved.</li>}
                {e.categoryFrom !== e.categoryTo && (
                  <li>
                    Category {e.categoryFrom} → {e.categoryTo}
                  </li>
                )}
              </ul>
            )}
            {h.Notice && (
              <div className="history-note">
                <span className="eyebrow">{h.Watchlist ? 'Watchlist notice' : 'Notice'}</span>
                <RichText html={h.Notice} />
              </div>
            )}
            {h.ExplanatoryComments && (
              <details className="history-note">
                <summary>Explanatory comments</summary>
                <RichText html={h.ExplanatoryComments} />
              </details>
            )}
          </li>
        );
      })}
    </ol>
  );
}
