import { ENFORCEABILITY_BANDS, ENFORCEABILITY_WEIGHTS } from '@cti/scoring-rules';

import { PageHeader } from '../../../components/layout/PageHeader';

import { EnforceabilityNav } from './EnforceabilityNav';

/** Where the full methodology is published (opens outside the platform). */
export const ENFORCEABILITY_METHODOLOGY_PDF = '/docs/enforceability-index-methodology.pdf';

/** /enforceabilityIndex/methodology: the formula and bands come from scoring-rules, so text and code agree. */
export default function EnforceabilityMethodologyPage() {
  const w = ENFORCEABILITY_WEIGHTS;
  return (
    <section className="indexes" aria-labelledby="e-method-title">
      <PageHeader title="Enforceability Index methodology" titleId="e-method-title" eyebrow="Enforceability Index" />
      <EnforceabilityNav />
      <div className="prose">
        <p>Four variables, A to D, are each assessed from 0 to 5 in steps of one half. The score is</p>
        <p className="formula">
          Score = {w.A}·A + {w.B}·B + {w.C}·(C + D)
        </p>
        <p>rounded to the nearest half, so it runs from 0 to 100. The score falls into a category:</p>
        <ul>
          {ENFORCEABILITY_BANDS.map((b) => (
            <li key={b.category}>
              {b.category}: {b.min} {b.max === 100 ? 'to 100' : `to under ${b.max}`}
            </li>
          ))}
        </ul>
        <p>
          <a href={ENFORCEABILITY_METHODOLOGY_PDF} target="_blank" rel="noopener noreferrer">
            Read the full methodology (PDF)
          </a>
        </p>
      </div>
    </section>
  );
}
