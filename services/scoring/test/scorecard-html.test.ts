import type { ScoreHistoryRow, Scorecard } from '@cti/contracts';
import { complianceCategory, explainScoreChange } from '@cti/scoring-rules';

import { CHART_WIDTH, complianceScorecardHtml, scoreChart } from '../src/print/scorecard-html';

const periods = ['March 2024', 'September 2024', 'March 2025', 'September 2025', 'March 2026', 'September 2026'];
const scores = [62.5, 59, 61.5, 57.5, 61.5, 66];

function historyRow(i: number): ScoreHistoryRow {
  const inputs = (score: number) => ({ A: score / 20, B: score / 20, C: 3, D: 3, E: 3, F: 3, isPBA: false, PBA: null, Score: score });
  const row = { ...inputs(scores[i]), Category: complianceCategory(scores[i]) };
  const before = i > 0 ? { ...inputs(scores[i - 1]), Category: complianceCategory(scores[i - 1]) } : null;
  return {
    PeriodId: `p${i}`,
    Period: periods[i],
    Year: null,
    ...row,
    Suspended: false,
    Watchlist: false,
    Notice: null,
    ExplanatoryComments: null,
    Explanation: before ? explainScoreChange(before, row) : null,
  } as ScoreHistoryRow;
}
const history = periods.map((_, i) => historyRow(i));

const card: Scorecard = {
  GroupId: 'g-ie',
  Name: 'Ireland',
  LogoPath: null,
  CountryId: 'IE',
  Contracting: true,
  Scored: true,
  Score: 66,
  Category: 'Medium',
  ASU: 'Eligible',
  Suspended: false,
  isPBA: false,
  PBA: null,
  PBALevel: null,
  A: 3.3,
  B: 3.3,
  C: 3,
  D: 3,
  E: 3,
  F: 3,
  IsSpecialNotice: false,
  Notice: null,
  Watchlist: false,
  QualifyingDeclarations: true,
  ExplanatoryComments: null,
  ImprovingScore: null,
  Acknowledgements: null,
  AnnotationName: null,
  Period: 'September 2026',
  PeriodId: 'p5',
  QuestionnaireId: null,
  UpdatedOn: null,
  IsDemo: false,
  Access: { open: true, details: true, watchlist: true, annotations: true, documents: true, history: true, cftDownload: true },
};

/** The period names on the chart's x axis: text, anchor and where it starts and ends (estimated as the renderer lays 9 px text). */
function periodLabels(svg: string) {
  return [...svg.matchAll(/<text x="([\d.]+)" y="\d+" font-size="9" text-anchor="(start|middle|end)" fill="#5a6775">([^<]+)<\/text>/g)]
    .filter((m) => /[A-Za-z]/.test(m[3]))
    .map((m) => {
      const x = Number(m[1]);
      const width = m[3].length * 9 * 0.6;
      const left = m[2] === 'start' ? x : m[2] === 'end' ? x - width : x - width / 2;
      return { text: m[3], left, right: left + width };
    });
}

describe('the printed history chart', () => {
  it('shows the last period whole, inside the page, and the first from its start', () => {
    const labels = periodLabels(scoreChart(history.map((h) => ({ label: h.Period, score: h.Score }))));
    expect(labels[0]).toMatchObject({ text: 'March 2024' });
    expect(labels[0].left).toBeGreaterThanOrEqual(0);
    expect(labels.at(-1)).toMatchObject({ text: 'September 2026' });
    expect(labels.at(-1)!.right).toBeLessThanOrEqual(CHART_WIDTH);
  });

  it('spaces the period names so none runs into the next, however many periods', () => {
    for (const count of [2, 6, 12, 30]) {
      const points = Array.from({ length: count }, (_, i) => ({ label: `September ${2000 + i}`, score: 60 }));
      const labels = periodLabels(scoreChart(points));
      expect(labels.at(-1)!.text).toBe(`September ${2000 + count - 1}`);
      labels.slice(1).forEach((label, i) => expect(label.left).toBeGreaterThan(labels[i].right));
    }
  });

  it('spans the page and draws the average of the scored countries when given', () => {
    const svg = scoreChart(history.map((h, i) => ({ label: h.Period, score: h.Score, average: 70 + i })));
    expect(svg).toContain('width="100%"');
    expect(svg).toContain(`viewBox="0 0 ${CHART_WIDTH} `);
    expect(svg).toContain('stroke-dasharray');
    expect(svg).toContain('>Average<');
  });
});

describe('the printed scorecard', () => {
  it('states the rank, the average and the change since the previous period with its reasons', () => {
    const html = complianceScorecardHtml(card, history, new Date('2026-12-01T00:00:00Z'), {
      standing: { rank: 14, of: 51, tied: false, average: 72.4 },
      averages: new Map(),
    });
    expect(html).toContain('<th>Rank in September 2026</th><td>14th of 51</td>');
    expect(html).toContain('<th>Average of the scored countries</th><td>72.4</td>');
    expect(html).toMatch(/<th>Change since March 2026<\/th><td>\+4\.5 \(A 3\.075→3\.3, .*\)<\/td>/);
  });

  it('leaves the change out for a reader without the history', () => {
    const html = complianceScorecardHtml(card, null, new Date(), { standing: null, averages: new Map() });
    expect(html).not.toContain('Change since');
    expect(html).not.toContain('Rank in');
  });
});
