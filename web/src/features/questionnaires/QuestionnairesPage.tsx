import { isAdminPrincipal } from '@cti/access';

import { usePrincipal } from '../../app/hooks';
import { PageHeader } from '../../components/layout/PageHeader';
import { RecentChanges } from '../audit/components/RecentChanges';

import { AdminQuestionnaireList } from './lists/AdminQuestionnaireList';
import { CountryDashboard } from './lists/CountryDashboard';
import './questionnaires.css';

/** /manage/questionnaires (also /questionnaires): the admin view for admins, above the country view; the country view for others. */
export default function QuestionnairesPage() {
  const principal = usePrincipal();
  const isAdmin = !!principal && isAdminPrincipal(principal);
  return (
    <section aria-labelledby="questionnaires-title">
      <PageHeader title="Questionnaires" titleId="questionnaires-title" eyebrow={isAdmin ? 'Manage' : undefined} />
      {isAdmin && <AdminQuestionnaireList />}
      <CountryDashboard showManageUsers={isAdmin} recentChanges={<RecentChanges />} />
    </section>
  );
}
