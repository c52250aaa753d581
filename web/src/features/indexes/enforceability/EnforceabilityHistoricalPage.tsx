import { PageHeader } from '../../../components/layout/PageHeader';

import { EnforceabilityNav } from './EnforceabilityNav';

/** /enforceabilityIndex/historical. */
export default function EnforceabilityHistoricalPage() {
  return (
    <section className="indexes" aria-labelledby="e-historical-title">
      <PageHeader title="Historical enforceability data" titleId="e-historical-title" eyebrow="Enforceability Index" />
      <EnforceabilityNav />
      <p className="empty-state">Coming Soon</p>
    </section>
  );
}
