import { useMemo, useState } from 'react';

import { RECENT_CHANGES_COUNT, type QuestionChangesBody, type RecentChange } from '@cti/contracts';

import { DataTable, type ColumnDef } from '../../../components/table/DataTable';
import { formatShortDate } from '../../../lib/dates';
import { useRecentChangesQuery } from '../audit-api';

import { ChangeHistoryModal } from './ChangeHistoryModal';
import '../audit.css';

/**
 * The table of the country dashboard's "10 Most Recent Changes" section (questionnaire
 * the screens): User, Questionnaire, Question (opens the question's change history), Stamp as
 * M/DD/YYYY. The dashboard gives the section and its heading.
 */
export function RecentChanges() {
  const { data, isFetching, isError } = useRecentChangesQuery(RECENT_CHANGES_COUNT, { refetchOnMountOrArgChange: true });
  const [open, setOpen] = useState<QuestionChangesBody | null>(null);

  const columns = useMemo<ColumnDef<RecentChange, any>[]>(
    () => [
      { accessorKey: 'User', header: 'User' },
      { accessorKey: 'Questionnaire', header: 'Questionnaire' },
      {
        accessorKey: 'Question',
        header: 'Question',
        enableSorting: false,
        cell: ({ row }) => (
          <button
            type="button"
            className="button-link recent-change-question"
            onClick={() =>
              setOpen({ questionId: row.original.QuestionId, questionnaireId: row.original.QuestionnaireId, groupId: row.original.GroupId })
            }
            // the question as HTML, escaped by the audit service
            dangerouslySetInnerHTML={{ __html: row.original.Question }}
          />
        ),
      },
      {
        accessorKey: 'Stamp',
        header: 'Stamp',
        cell: (c) => <time dateTime={c.getValue() as string}>{formatShortDate(c.getValue() as string)}</time>,
      },
    ],
    [],
  );

  return (
    <>
      <DataTable
        columns={columns}
        data={data ?? []}
        pageSize={10}
        initialSort={{ id: 'Stamp', desc: true }}
        caption="Most recent changes"
        loading={isFetching && !data}
        emptyText={isError ? 'The recent changes could not be loaded.' : 'No answers have changed yet.'}
        getRowId={(r) => r.Id}
      />
      <ChangeHistoryModal question={open} onClose={() => setOpen(null)} />
    </>
  );
}
