import { formatExactPoints, formatRounding, type ScoreBreakdown } from '@cti/scoring-rules';

import { TableScroll } from '../../../components/table/TableScroll';

/**
 * A scorecard's variables, named as in the methodology, with their weight and exact points
 * (multiples of .05), the rounding to the nearest half when it moved the sum, and the score
 * the rows add up to: the shown points always add up to the shown score.
 */
export function PointsTable<V extends string>({
  title,
  breakdown,
  names,
}: {
  title: string;
  breakdown: ScoreBreakdown<V>;
  /** The variables' names in the methodology. */
  names: Readonly<Record<V, string>>;
}) {
  return (
    <TableScroll label={title}>
      <table className="simple-table variables-table">
        <caption className="visually-hidden">{title}</caption>
        <thead>
          <tr>
            <th scope="col">Variable</th>
            <th scope="col">
              Score <span className="th-scale">(0 to 5)</span>
            </th>
            <th scope="col" className="text-right">
              Weight
            </th>
            <th scope="col" className="text-right">
              Points
            </th>
          </tr>
        </thead>
        <tbody>
          {breakdown.rows.map((r) => (
            <tr key={r.variable}>
              <th scope="row">
                <span className="variable-letter-inline">{r.variable}</span> {names[r.variable]}
              </th>
              <td>
                <span className="variable-bar" aria-hidden="true">
                  <span style={{ width: `${(r.value / 5) * 100}%` }} />
                </span>{' '}
                {r.value}
              </td>
              <td className="text-right">{r.weight}</td>
              <td className="text-right points">{formatExactPoints(r.points)}</td>
            </tr>
          ))}
          {breakdown.rounding !== 0 && (
            <tr>
              <th scope="row" colSpan={3}>
                Rounded to the nearest half
              </th>
              <td className="text-right points">{formatRounding(breakdown.rounding)}</td>
            </tr>
          )}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              Score
            </th>
            <td className="text-right points">
              <strong>{formatExactPoints(breakdown.score)}</strong>
            </td>
          </tr>
        </tfoot>
      </table>
    </TableScroll>
  );
}
