import { useMemo, useState } from 'react';
import type { AuditRow } from '@cti/contracts';
import { DataTable, type ColumnDef } from '../../components/table/DataTable';
import { Button, TextField } from '../../components/form/fields';
import { useToast } from '../../components/toast/use-toast';
import { daysAgo, formatUtcTimestamp, isoDay, relativeTime } from '../../lib/dates';
import { useLazyAuditReportQuery } from './audit-api';

export const AuditMessages = {
  empty: 'There were 0 results for this search. Please change your filters and try again.',
  failure: 'A problem occurred! Make sure fields are correct and try again.',
};

/** /admin/auditlog (questionnaire §2): date range, Get report, 20 rows per page, newest first. */
export default function AuditLogPage() {
  const [start, setStart] = useState(isoDay(daysAgo(30)));
  const [end, setEnd] = useState(isoDay(new Date()));
  const [fetchReport, { data, isFetching }] = useLazyAuditReportQuery();
  const toast = useToast();

  const columns = useMemo<ColumnDef<AuditRow, any>[]>(
    () => [
      { accessorKey: 'Action', header: 'Action' },
      // Value is HTML built by the audit service with every piece of user text escaped
      { accessorKey: 'Value', header: 'Description', cell: (c) => <span dangerouslySetInnerHTML={{ __html: c.getValue() as string }} /> },
      { accessorKey: 'Country', header: 'User Group' },
      { accessorKey: 'Name', header: 'User' },
      {
        accessorKey: 'Stamp',
        header: 'When',
        cell: (c) => (
          <span title={c.getValue() as string}>
            {formatUtcTimestamp(c.getValue() as string)} <small className="muted">({relativeTime(c.getValue() as string)})</small>
          </span>
        ),
      },
    ],
    [],
  );

  const run = async () => {
    const result = await fetchReport({ start, end });
    if (result.error) toast.danger(AuditMessages.failure);
    else if (result.data && result.data.length === 0) toast.info(AuditMessages.empty);
  };

  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">Audit log</h1>
      <div className="toolbar">
        <TextField label="Start date" type="date" value={start} max={end} onChange={(e) => setStart(e.target.value)} />
        <TextField label="End date" type="date" value={end} min={start} onChange={(e) => setEnd(e.target.value)} />
        <Button onClick={run} busy={isFetching}>
          Get report
        </Button>
      </div>
      <DataTable columns={columns} data={data ?? []} pageSize={20} initialSort={{ id: 'Stamp', desc: true }} caption="Audit log" emptyText="Run a report to see audit rows." />
    </section>
  );
}
