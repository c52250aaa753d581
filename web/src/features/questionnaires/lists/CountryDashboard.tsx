import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';

import { isAdminPrincipal, RoleIds } from '@cti/access';
import type { QuestionnaireListRow } from '@cti/contracts';

import { useAppSelector, usePrincipal } from '../../../app/hooks';
import { DataTable, type ColumnDef } from '../../../components/table/DataTable';
import { formatShortDate } from '../../../lib/dates';
import { selectUser } from '../../auth/auth-slice';
import { useChooseQuestionnaire } from '../current-questionnaire';
import { ExportPdfButton } from '../export/ExportPdfButton';
import { useCompletedQuestionnairesQuery, useOpenQuestionnairesQuery } from '../questionnaire-api';
import { questionnaireUrl } from '../shell/steps';

import { RespondentProgress } from './RespondentProgress';

const target = (row: QuestionnaireListRow) => ({
  QuestionnaireId: row.QuestionnaireId,
  GroupId: row.GroupId,
  Country: row.Country,
  Period: row.Period,
});

export interface CountryDashboardProps {
  /** Shown to admins only: the Manage Users link (route userAdmin). */
  showManageUsers: boolean;
  /**
   * The "10 Most Recent Changes" table (the audit service's: User, Questionnaire,
   * Question opening the change history, Stamp), rendered in its section.
   */
  recentChanges: ReactNode;
}

/**
 * The country view "Questionnaires": open questionnaires with export, previous
 * ones, and the ten most recent changes (from the audit service). Dates M/DD/YYYY, 10 rows per page.
 * Country respondents see where each of their open questionnaires stands above it.
 */
export function CountryDashboard({ showManageUsers, recentChanges }: CountryDashboardProps) {
  const open = useOpenQuestionnairesQuery();
  const completed = useCompletedQuestionnairesQuery();
  const user = useAppSelector(selectUser);
  const choose = useChooseQuestionnaire(user?.Id ?? null);
  const principal = usePrincipal();
  const isRespondent = !!principal && principal.roles.includes(RoleIds.CountryRespondent) && !isAdminPrincipal(principal);

  const openColumns = useMemo<ColumnDef<QuestionnaireListRow, any>[]>(
    () => [
      {
        accessorKey: 'Country',
        header: 'Country Questionnaires',
        cell: (c) => (
          <Link to={questionnaireUrl(c.row.original.QuestionnaireId)} onClick={() => choose(target(c.row.original))}>
            {c.row.original.Country} {c.row.original.Period} Questionnaire
          </Link>
        ),
      },
      { accessorKey: 'Period', header: 'Period' },
      { accessorKey: 'LastUpdated', header: 'Last Updated', cell: (c) => formatShortDate(c.getValue() as string) },
      {
        id: 'export',
        header: 'Export PDF',
        enableSorting: false,
        cell: (c) => <ExportPdfButton target={target(c.row.original)} label="Download" />,
      },
    ],
    [choose],
  );
  const previousColumns = useMemo<ColumnDef<QuestionnaireListRow, any>[]>(
    () => [
      { accessorKey: 'Country', header: 'Country' },
      { accessorKey: 'Period', header: 'Period' },
      { accessorKey: 'LastUpdated', header: 'Last Updated', cell: (c) => formatShortDate(c.getValue() as string) },
    ],
    [],
  );

  return (
    <div className="country-dashboard">
      {isRespondent && <RespondentProgress />}
      {showManageUsers && (
        <p>
          <Link to="/user/manage" className="button button-secondary button-small">
            Manage Users
          </Link>
        </p>
      )}
      <section className="section" aria-labelledby="open-questionnaires-title">
        <h2 id="open-questionnaires-title">Open Questionnaires</h2>
        <DataTable
          columns={openColumns}
          data={open.data ?? []}
          loading={open.isLoading}
          pageSize={10}
          caption="Open questionnaires"
          emptyText="There is no open questionnaire for your countries."
          getRowId={(r) => r.QuestionnaireId}
        />
      </section>
      <section className="section" aria-labelledby="previous-questionnaires-title">
        <h2 id="previous-questionnaires-title">Previous Questionnaires</h2>
        <DataTable
          columns={previousColumns}
          data={completed.data ?? []}
          loading={completed.isLoading}
          pageSize={10}
          caption="Previous questionnaires"
          emptyText="No previous questionnaires."
          getRowId={(r) => r.QuestionnaireId}
        />
      </section>
      <section className="section recent-changes" aria-labelledby="recent-changes-title" data-section="recent-changes">
        <h2 id="recent-changes-title">10 Most Recent Changes</h2>
        {recentChanges}
      </section>
    </div>
  );
}
