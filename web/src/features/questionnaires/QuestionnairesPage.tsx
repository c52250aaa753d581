import { Link } from 'react-router';

import { isAdminPrincipal } from '@cti/access';

import { usePrincipal } from '../../app/hooks';
import { PageHeader } from '../../components/layout/PageHeader';
import { RecentChanges } from '../audit/components/RecentChanges';

import { AdminQuestionnaireList } from './lists/AdminQuestionnaireList';
import { CountryDashboard } from './lists/CountryDashboard';
import './questionnaires.css';

/**
 * /manage/questionnaires (also /questionnaires): for admins one table of every questionnaire
 * (its progress and approvals in columns; open and previous ones are its Status filter), with
 * the recent changes folded below it; the country view for others.
 */
export default function QuestionnairesPage() {
  const principal = usePrincipal();
  const isAdmin = !!principal && isAdminPrincipal(principal);
  return (
    <section aria-labelledby="questionnaires-title">
      <PageHeader title="Questionnaires" titleId="questionnaires-title" eyebrow={isAdmin ? 'Manage' : undefined} />
      {isAdmin ? (
        <>
          <p>
            <Link to="/user/manage" className="button button-secondary button-small">
              Manage Users
            </Link>
          </p>
          <AdminQuestionnaireList />
          <details className="section recent-changes" data-section="recent-changes">
            <summary>
              <h2 className="details-heading">10 Most Recent Changes</h2>
            </summary>
            <RecentChanges />
          </details>
        </>
      ) : (
        <CountryDashboard showManageUsers={false} recentChanges={<RecentChanges />} />
      )}
    </section>
  );
}
