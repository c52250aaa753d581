import { isAdminPrincipal } from '@cti/access';

import { usePrincipal } from '../../app/hooks';
import { PageHeader } from '../../components/layout/PageHeader';
import { RecentChanges } from '../audit/components/RecentChanges';

import { CountryDashboard } from './lists/CountryDashboard';
import './questionnaires.css';

/** /dashboard/country: the country view titled Questionnaires (where the idle dialog sends people). */
export default function CountryDashboardPage() {
  const principal = usePrincipal();
  return (
    <section aria-labelledby="country-dashboard-title">
      <PageHeader title="Questionnaires" titleId="country-dashboard-title" />
      <CountryDashboard showManageUsers={!!principal && isAdminPrincipal(principal)} recentChanges={<RecentChanges />} />
    </section>
  );
}
