import { Link } from 'react-router';

import {
  ASU_A_THRESHOLD,
  ASU_B_THRESHOLD,
  COMPLIANCE_BANDS,
  ENFORCEABILITY_BANDS,
  ENFORCEABILITY_VARIABLE_NAMES,
  ENFORCEABILITY_VARIABLES,
  ENFORCEABILITY_WEIGHTS,
  INPUT_MAX,
  INPUT_MIN,
  INPUT_STEP,
  PBA_LABELS,
  PBA_LEVEL_NAMES,
  UNSCORED,
  VARIABLE_NAMES,
  VARIABLES,
  WEIGHTS,
  type Band,
  type PbaLevel,
  type Variable,
} from '@cti/scoring-rules';

import { PageHeader } from '../../../components/layout/PageHeader';
import { useHashScroll } from '../../../components/scroll/use-hash-scroll';
import { WORKED_EXAMPLES } from '../../indexes/simulator/worked-examples';
import { IndexFacts, numberWord } from '../index-facts';

import { AboutShell } from './AboutShell';
import {
  bandRange,
  categoryClass,
  enforceabilityFormula,
  formatNumber,
  formulaOf,
  maxScore,
  shareOf,
  weightShift,
} from './methodology-numbers';

/** What each variable measures and which part of the questionnaire informs it. */
const VARIABLE_TEXT: Record<Variable, { measures: string; source: string }> = {
  A: {
    measures:
      'Whether the Convention and the Aircraft Protocol have force in national law and prevail over conflicting rules; the declarations the state has made; whether IDERAs are recorded and given effect; and how far non-consensual liens and detention rights can rank ahead of registered international interests.',
    source: 'Questionnaire section A: summary of national implementation, IDERA, liens, detention rights.',
  },
  B: {
    measures:
      'How courts, the aviation authority and insolvency administrators have actually applied the treaty: IDERAs honoured, de-registration and export carried out within the time allowed, the Alternative A waiting period respected, speedy relief granted.',
    source: 'Questionnaire section B.',
  },
  C: {
    measures:
      "Whether local courts uphold the parties' choice of foreign law and of a foreign court, and recognise and enforce foreign judgments and foreign arbitral awards.",
    source: 'Questionnaire section E, protectionism (four parts).',
  },
  D: {
    measures: 'Whether courts apply commercial contracts strictly according to their terms rather than rewriting the bargain.',
    source: 'Questionnaire section E, contract interpretation.',
  },
  E: {
    measures: 'Whether new commercial legislation is applied and enforced strictly and predictably by courts and authorities.',
    source: 'Questionnaire section E, new commercial laws.',
  },
  F: {
    measures: 'Whether a creditor can recover an aircraft in a timely way, both outside insolvency and in insolvency proceedings.',
    source: 'Questionnaire section E, repossession outside and inside insolvency.',
  },
};

const LEVELS: PbaLevel[] = [0, 1, 2, 3];
const levelName = (level: PbaLevel) => (level === 0 ? 'No adjustment' : PBA_LEVEL_NAMES[level]);

function BandTable({ bands, caption, id }: { bands: readonly Band[]; caption: string; id: string }) {
  return (
    <table className="simple-table" id={id}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Category</th>
          <th scope="col">Score</th>
        </tr>
      </thead>
      <tbody>
        {bands.map((band) => (
          <tr key={band.category}>
            <th scope="row">
              <span className={`swatch ${categoryClass(band.category)}`} aria-hidden="true" /> {band.category}
            </th>
            <td>{bandRange(band)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** /about/methodology: every number on this page comes from libs/scoring-rules. */
export default function MethodologyPage() {
  useHashScroll();
  const base = WEIGHTS[0];
  return (
    <AboutShell titleId="methodology-title">
      <PageHeader
        titleId="methodology-title"
        eyebrow="About"
        title="Methodology"
        lead="How the answers of the responding law firms become a score from 0 to 100 and a category, and how the ASU assessment is derived."
      />
      <div className="prose">
        <section aria-labelledby="m-variables" id="variables">
          <h2 id="m-variables">The six variables</h2>
          <p>
            The working group assesses each contracting state on six variables. Each is given a value from {formatNumber(INPUT_MIN)} to{' '}
            {formatNumber(INPUT_MAX)} in steps of {formatNumber(INPUT_STEP)}. Variables A and B concern the treaty itself; C to F concern
            the wider legal environment in which a creditor would rely on it.
          </p>
          <dl className="variable-list">
            {VARIABLES.map((v) => (
              <div key={v} className="variable-item">
                <dt>
                  <span className="variable-letter" aria-hidden="true">
                    {v}
                  </span>
                  <span className="visually-hidden">Variable {v}: </span>
                  {VARIABLE_NAMES[v]}
                </dt>
                <dd>
                  {VARIABLE_TEXT[v].measures} <span className="muted">{VARIABLE_TEXT[v].source}</span>
                </dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby="m-formula" id="formula">
          <h2 id="m-formula">The score</h2>
          <p className="formula" aria-label={`Score equals ${formulaOf(VARIABLES, base)}`}>
            Score = {formulaOf(VARIABLES, base)}
          </p>
          <p>
            With every variable at {formatNumber(INPUT_MAX)} the score is {formatNumber(maxScore(base))}. A and B together carry{' '}
            {shareOf(base, ['A', 'B'])}% of the score and C to F together {shareOf(base, ['C', 'D', 'E', 'F'])}%. The result is rounded to
            the nearest half point.
          </p>
        </section>

        <section aria-labelledby="m-pba" id="precedent-adjustment">
          <h2 id="m-pba">Precedent adjustment</h2>
          <p>
            Where there is precedent, courts or authorities having applied the treaty in actual cases, the way the treaty has been applied
            is better evidence than the general legal environment. The working group may then apply a precedent-based adjustment at one of
            three levels, which moves weight towards variable B. Each level keeps the maximum score at {formatNumber(maxScore(base))}.
          </p>
          <ul>
            {([1, 2, 3] as const).map((level) => (
              <li key={level}>
                <strong>
                  {PBA_LEVEL_NAMES[level]} (adjustment {PBA_LABELS[level]})
                </strong>
                :{' '}
                {weightShift(level)
                  .map((s) => `${s.variable} weighs ${formatNumber(s.to)} instead of ${formatNumber(s.from)}`)
                  .join('; ')}
                .
              </li>
            ))}
          </ul>
          <table className="simple-table" id="weights-by-level">
            <caption>Weights by precedent-adjustment level</caption>
            <thead>
              <tr>
                <th scope="col">Level</th>
                {VARIABLES.map((v) => (
                  <th scope="col" className="num" key={v}>
                    {v}
                  </th>
                ))}
                <th scope="col" className="num">
                  Maximum
                </th>
              </tr>
            </thead>
            <tbody>
              {LEVELS.map((level) => (
                <tr key={level} data-level={level}>
                  <th scope="row">
                    {levelName(level)}
                    {level > 0 && <span className="muted"> ({PBA_LABELS[level as 1 | 2 | 3]})</span>}
                  </th>
                  {VARIABLES.map((v) => (
                    <td className="num" key={v}>
                      {formatNumber(WEIGHTS[level][v])}
                    </td>
                  ))}
                  <td className="num">{formatNumber(maxScore(WEIGHTS[level]))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>

        <section aria-labelledby="m-examples" id="worked-examples">
          <h2 id="m-examples">Worked examples</h2>
          <p>
            Each example gives a state&apos;s six variables, the precedent-adjustment level and whether the qualifying declarations were
            made, then the score, category and ASU assessment they lead to.
          </p>
          {WORKED_EXAMPLES.map((ex) => (
            <figure key={ex.id} id={ex.id} className="worked-example" data-example={ex.id}>
              <figcaption>
                <strong>{ex.title}</strong>
              </figcaption>
              <p>
                {VARIABLES.map((v) => `${v} = ${formatNumber(ex.inputs[v])}`).join(', ')}; {levelName(ex.level)}
                {ex.level > 0 && ` (${PBA_LABELS[ex.level as 1 | 2 | 3]})`}; qualifying declarations{' '}
                {ex.qualifyingDeclarations ? 'made' : 'not made'}.
              </p>
              <p className="formula">
                {ex.arithmetic} = {formatNumber(ex.sum)}, rounded to the nearest half: <strong data-score>{formatNumber(ex.score)}</strong>
              </p>
              <p>
                Category <strong data-category>{ex.category}</strong>; ASU <strong data-asu>{ex.asu}</strong>.
              </p>
            </figure>
          ))}
        </section>

        <section aria-labelledby="m-categories" id="categories">
          <h2 id="m-categories">Categories</h2>
          <p>The score places a state in one of four categories:</p>
          <BandTable bands={COMPLIANCE_BANDS} caption="Compliance Index categories" id="compliance-bands" />
          <p>Three further labels appear on the index and the map:</p>
          <dl>
            <dt>
              <span className="swatch category-suspended" aria-hidden="true" /> Suspended
            </dt>
            <dd>
              The working group has suspended the state's score, for example after action inconsistent with the treaty; the scorecard
              explains why.
            </dd>
            <dt>
              <span className="swatch category-insufficient" aria-hidden="true" /> Insufficient Legal Analysis ({UNSCORED} on the index
              list)
            </dt>
            <dd>
              A contracting state without a positive score: fewer than {numberWord(IndexFacts.firmsNeededToScore)} law firms have responded,
              or their analysis does not yet support a score. The index list shows it as {UNSCORED} with a score of 0 and a caution, and its
              scorecard is not shown.
            </dd>
            <dt>
              <span className="swatch category-unscored" aria-hidden="true" /> No data available
            </dt>
            <dd>On the map, a state that is not on the Compliance Index.</dd>
          </dl>
          <p>
            A state whose position may have changed since the last update carries a <Link to="/about/faq#watchlist">watchlist notice</Link>;
            read its scorecard with added caution.
          </p>
        </section>

        <section aria-labelledby="m-asu" id="asu">
          <h2 id="m-asu">ASU assessment</h2>
          <p>
            The OECD Aircraft Sector Understanding lets export-credit agencies charge a lower minimum premium for transactions in states
            that have ratified the treaty with the qualifying declarations and apply it. For each contracting state the ASU assessment shows
            three conditions:
          </p>
          <table className="simple-table" id="asu-conditions">
            <caption>ASU conditions</caption>
            <thead>
              <tr>
                <th scope="col">Condition</th>
                <th scope="col">Met when</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">Condition 1</th>
                <td>The state has made the qualifying declarations.</td>
              </tr>
              <tr>
                <th scope="row">Condition 2</th>
                <td>
                  Variable A is at least <span data-threshold="A">{formatNumber(ASU_A_THRESHOLD)}</span>.
                </td>
              </tr>
              <tr>
                <th scope="row">Condition 3</th>
                <td>
                  Variable B is at least <span data-threshold="B">{formatNumber(ASU_B_THRESHOLD)}</span>.
                </td>
              </tr>
            </tbody>
          </table>
          <p>
            Condition 1 reads Yes or No for every state. Conditions 2 and 3 show a dash for a state that is {UNSCORED} (no score yet, or a
            score of 0), and so does its conclusion; otherwise the conclusion column shows Suspended for a suspended state, else the working
            group's ASU conclusion.
          </p>
        </section>

        <section aria-labelledby="m-enforceability" id="enforceability">
          <h2 id="m-enforceability">Enforceability Index</h2>
          <p>
            States outside the treaty are assessed on four variables, A to D, on the same {formatNumber(INPUT_MIN)} to{' '}
            {formatNumber(INPUT_MAX)} scale, with a maximum of {formatNumber(maxScore(ENFORCEABILITY_WEIGHTS))}:
          </p>
          <p className="formula" aria-label={`Enforceability score equals ${enforceabilityFormula()}`}>
            Score = {enforceabilityFormula()}
          </p>
          <BandTable bands={ENFORCEABILITY_BANDS} caption="Enforceability Index categories" id="enforceability-bands" />
          <p className="muted">
            Variables used: {ENFORCEABILITY_VARIABLES.map((v) => `${v} (${ENFORCEABILITY_VARIABLE_NAMES[v]})`).join(', ')}. See the{' '}
            <Link to="/enforceabilityIndex/methodology">Enforceability Index methodology</Link> for what each measures.
          </p>
        </section>
      </div>
    </AboutShell>
  );
}
