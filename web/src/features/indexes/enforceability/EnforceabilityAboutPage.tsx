import { Link } from 'react-router';

import { PageHeader } from '../../../components/layout/PageHeader';

import { EnforceabilityNav } from './EnforceabilityNav';

/** /enforceabilityIndex/about. */
export default function EnforceabilityAboutPage() {
  return (
    <section className="indexes" aria-labelledby="e-about-title">
      <PageHeader title="About the Enforceability Index" titleId="e-about-title" eyebrow="Enforceability Index" />
      <EnforceabilityNav />
      <div className="prose">
        <p>
          The Compliance Index measures how contracting states implement the Cape Town Convention and its Aircraft Protocol. Many countries
          where aircraft are financed and leased are not yet contracting states. The Enforceability Index measures, for those countries, how
          far a creditor or lessor can rely on the local legal system to enforce its rights in an aircraft: whether foreign law and
          judgments are respected, whether contracts are read as written, and how quickly an aircraft can be repossessed inside and outside
          insolvency.
        </p>
        <p>
          Each country receives a score from 0 to 100 and a category: Very High (87 to 100), High (75 to under 87), Medium (50 to under 75)
          or Low (under 50). Like the Compliance Index, the scores are reviewed twice a year.
        </p>
        <p>
          See the <Link to="/enforceabilityIndex/methodology">methodology</Link> for how the score is calculated, and the{' '}
          <Link to="/enforceabilityIndex">list of countries</Link>.
        </p>
      </div>
    </section>
  );
}
