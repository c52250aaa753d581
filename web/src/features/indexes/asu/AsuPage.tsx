import { useMemo } from 'react';
import { Link } from 'react-router';

import type { AsuRow } from '@cti/contracts';
import { asuConclusion, UNSCORED } from '@cti/scoring-rules';

import { Button } from '../../../components/form/fields';
import { PageHeader } from '../../../components/layout/PageHeader';
import { DataTable, type ColumnDef } from '../../../components/table/DataTable';
import { useToast } from '../../../components/toast/use-toast';
import { saveDownloadedFile } from '../../../lib/file-download';
import { CountryFlag } from '../components/CountryFlag';
import { WatchlistIcon } from '../components/WatchlistIcon';
import { useAsuListQuery, usePrintAsuMutation } from '../indexes-api';
import '../indexes.css';

export const ASU_METHODOLOGY_PDF = '/docs/asu-assessment-methodology.pdf';

const condition = (value: string) => (
  <span className={`condition condition-${value === 'Yes' ? 'yes' : value === 'No' ? 'no' : 'none'}`}>{value}</span>
);

/**
 * /awg-asu-assessment: per contracting state the ASU conclusion (Suspended when
 * suspended) and its three conditions; sorted by country; Download Excel written by the
 * scoring service.
 */
export default function AsuPage() {
  const { data: rows = [], isLoading, isError } = useAsuListQuery();
  const [download, { isLoading: downloading }] = usePrintAsuMutation();
  const toast = useToast();
  const columns = useMemo<ColumnDef<AsuRow, any>[]>(
    () => [
      {
        id: 'Group',
        accessorKey: 'Group',
        header: 'Country',
        cell: (c) => (
          <Link to={`/index/${c.row.original.GroupId}`} aria-label={`${c.row.original.Group} on the Compliance Index`}>
            <CountryFlag logoPath={c.row.original.LogoPath} countryId={c.row.original.CountryId} name={c.row.original.Group} />
          </Link>
        ),
      },
      {
        id: 'Watchlist',
        header: () => <span className="visually-hidden">Watchlist</span>,
        enableSorting: false,
        cell: (c) =>
          c.row.original.Watchlist ? (
            <WatchlistIcon groupId={c.row.original.GroupId} country={c.row.original.Group} isPublic={c.row.original.IsPublic} />
          ) : null,
      },
      { id: 'Conclusion', header: 'Conclusion', accessorFn: (r) => asuConclusion({ Suspended: r.Suspended, ASU: r.ASU }) || '-' },
      { id: 'Condition1', accessorKey: 'Condition1', header: 'Condition 1', cell: (c) => condition(c.getValue() as string) },
      { id: 'Condition2', accessorKey: 'Condition2', header: 'Condition 2', cell: (c) => condition(c.getValue() as string) },
      { id: 'Condition3', accessorKey: 'Condition3', header: 'Condition 3', cell: (c) => condition(c.getValue() as string) },
    ],
    [],
  );
  return (
    <section className="indexes" aria-labelledby="asu-title">
      <PageHeader
        title="ASU assessment"
        titleId="asu-title"
        eyebrow="Aircraft Sector Understanding"
        actions={
          <Button
            busy={downloading}
            onClick={async () => {
              const result = await download();
              if ('data' in result && result.data) saveDownloadedFile(result.data);
              else toast.danger('The Excel file could not be prepared. Please try again later.', 5000);
            }}
          >
            Download Excel
          </Button>
        }
      />
      <div className="prose">
        <p>
          The working group assesses, for each contracting state, the three conditions under which the Aircraft Sector Understanding treats
          its implementation of the Cape Town Convention as qualifying: condition 1, the qualifying declarations have been made; condition
          2, variable A of the Compliance Index is at least 4; condition 3, variable B is at least 3. Condition 1 reads Yes or No for every
          state; conditions 2 and 3 and the conclusion show a dash while a state is {UNSCORED} (no score yet, or a score of 0). The
          conclusion reads Suspended while a state&apos;s assessment is suspended.
        </p>
        <p>
          <a href={ASU_METHODOLOGY_PDF} target="_blank" rel="noopener noreferrer">
            ASU assessment methodology (PDF)
          </a>
        </p>
      </div>
      {isError ? (
        <p className="notice notice-danger">The ASU assessment could not be loaded. Please refresh the page.</p>
      ) : (
        <DataTable
          columns={columns}
          data={rows}
          loading={isLoading}
          pageSize={10}
          initialSort={{ id: 'Group' }}
          caption="ASU assessment"
          getRowId={(r) => r.GroupId}
        />
      )}
    </section>
  );
}
