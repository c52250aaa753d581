import { useCallback, useEffect, useMemo, useState } from 'react';

import { AUDIT_COUNT_CAP, AUDIT_PAGE_SIZE, AuditMessages, type AuditReportBody, type AuditRow } from '@cti/contracts';

import { Button, TextField } from '../../components/form/fields';
import { PageHeader } from '../../components/layout/PageHeader';
import { DataTable, type ColumnDef } from '../../components/table/DataTable';
import { Pagination } from '../../components/table/Pagination';
import { useToast } from '../../components/toast/use-toast';
import { daysAgo, formatUtcTimestamp, isoDay, relativeTime } from '../../lib/dates';

import { useLazyAuditReportQuery } from './audit-api';
import { ChainCheck } from './components/ChainCheck';
import { ChangeDetailsModal } from './components/ChangeDetailsModal';
import { KeyedFilter, type AppliedFilter, type FilterKeyOption } from './components/KeyedFilter';
import './audit.css';

export { AuditMessages };

/** The audit log's filter keys and what each is called on screen. */
const AUDIT_FILTER_KEYS: readonly FilterKeyOption[] = [
  { key: 'Action', label: 'Action' },
  { key: 'Country', label: 'User Group' },
  { key: 'Name', label: 'User' },
  { key: 'Value', label: 'Description' },
];

const isResponse = (row: AuditRow) => row.Action === 'Response';

/** The report body of the chosen dates and filters: each key's values in its list. */
function reportBody(start: string, end: string, filters: readonly AppliedFilter[]): AuditReportBody {
  const of = (key: AppliedFilter['key']) => filters.filter((f) => f.key === key).map((f) => f.value);
  return { start, end, actions: of('Action'), countries: of('Country'), names: of('Name'), values: of('Value') };
}

/**
 * /admin/auditlog: date range (last 30 days by default, whose report shows
 * on open), filters with suggestions, Get report; 20 rows a page, newest first, read page by
 * page from the service; Response rows open Change Details.
 */
export default function AuditLogPage() {
  const [start, setStart] = useState(isoDay(daysAgo(30)));
  const [end, setEnd] = useState(isoDay(new Date()));
  const [filters, setFilters] = useState<AppliedFilter[]>([]);
  // the criteria of the report on screen; paging and sorting keep them
  const [criteria, setCriteria] = useState<AuditReportBody | null>(null);
  const [selected, setSelected] = useState<AuditRow | null>(null);
  const [fetchReport, { data, isFetching }] = useLazyAuditReportQuery();
  const toast = useToast();

  const run = useCallback(
    async (body: AuditReportBody, opts: { quiet?: boolean } = {}) => {
      setCriteria(body);
      const result = await fetchReport(body);
      if (result.error) toast.danger(AuditMessages.failure);
      else if (result.data && result.data.Total === 0 && !opts.quiet) toast.info(AuditMessages.empty);
    },
    [fetchReport, toast],
  );

  // the default range's report on open (its empty state says so in the table, without a toast)
  useEffect(() => {
    void run({ ...reportBody(start, end, []), page: 1, pageSize: AUDIT_PAGE_SIZE, sort: 'desc' }, { quiet: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, with the default dates
  }, []);

  const sort = criteria?.sort ?? 'desc';
  const columns = useMemo<ColumnDef<AuditRow, any>[]>(
    () => [
      { accessorKey: 'Action', header: 'Action', enableSorting: false },
      // Value is HTML built by the audit service with every piece of user text escaped
      {
        accessorKey: 'Value',
        header: 'Description',
        enableSorting: false,
        cell: (c) => <span dangerouslySetInnerHTML={{ __html: c.getValue() as string }} />,
      },
      { accessorKey: 'Country', header: 'User Group', enableSorting: false },
      { accessorKey: 'Name', header: 'User', enableSorting: false },
      {
        accessorKey: 'Stamp',
        enableSorting: false,
        header: () => (
          <button
            type="button"
            className="sort-button"
            disabled={!criteria}
            onClick={() => criteria && run({ ...criteria, page: 1, sort: sort === 'desc' ? 'asc' : 'desc' })}
            aria-label={`When, ${sort === 'desc' ? 'newest' : 'oldest'} first: sort ${sort === 'desc' ? 'oldest' : 'newest'} first`}
          >
            When
            <span aria-hidden="true" className="sort-indicator">
              {sort === 'desc' ? '▼' : '▲'}
            </span>
          </button>
        ),
        cell: (c) => (
          <span className="nowrap" title={c.getValue() as string}>
            {formatUtcTimestamp(c.getValue() as string)} <small className="muted">({relativeTime(c.getValue() as string)})</small>
          </span>
        ),
      },
    ],
    [criteria, sort, run],
  );

  const page = (data?.Page ?? 1) - 1;
  const pageCount = data ? Math.ceil(data.Total / data.PageSize) : 0;
  const pager = data && pageCount > 1 && criteria && (
    <Pagination
      page={page}
      pageCount={pageCount}
      total={data.Total}
      pageSize={data.PageSize}
      onPage={(p) => run({ ...criteria, page: p + 1 })}
    />
  );

  return (
    <section aria-labelledby="audit-title" className="audit-log">
      <PageHeader title="Audit log" titleId="audit-title" actions={<ChainCheck />} />
      <div className="card stack">
        <div className="toolbar">
          <TextField label="Start date" type="date" value={start} max={end} onChange={(e) => setStart(e.target.value)} />
          <TextField label="End date" type="date" value={end} min={start} onChange={(e) => setEnd(e.target.value)} />
        </div>
        <KeyedFilter keys={AUDIT_FILTER_KEYS} filters={filters} onChange={setFilters} list="audit" />
        <div className="form-actions">
          <Button onClick={() => run({ ...reportBody(start, end, filters), page: 1, pageSize: AUDIT_PAGE_SIZE, sort })} busy={isFetching}>
            Get report
          </Button>
        </div>
      </div>

      <div className="section audit-results">
        {data?.TotalCapped && (
          <p className="notice notice-warning" role="status">
            {data.Total >= AUDIT_COUNT_CAP
              ? `More than ${AUDIT_COUNT_CAP.toLocaleString('en-US')} rows match: the pages reach the first ${AUDIT_COUNT_CAP.toLocaleString('en-US')}. Narrow the dates or add filters to see the rest.`
              : 'Too many rows match to count them quickly: page on while there are more, or narrow the dates or add filters for an exact count.'}
          </p>
        )}
        {pager}
        <DataTable
          key={sort}
          columns={columns}
          data={data?.Rows ?? []}
          pageSize={AUDIT_PAGE_SIZE}
          initialSort={{ id: 'Stamp', desc: sort === 'desc' }}
          caption="Audit log"
          loading={isFetching && !data}
          emptyText={data ? AuditMessages.empty : 'Loading the last 30 days…'}
          onRowClick={setSelected}
          isRowClickable={isResponse}
          getRowId={(r) => r.Id}
          paginationTop={false}
        />
        {pager}
      </div>
      <ChangeDetailsModal row={selected} onClose={() => setSelected(null)} />
    </section>
  );
}
