import { useEffect, useMemo } from 'react';
import { Link } from 'react-router';

import { CommerceMessages, type PurchaseHistoryRow } from '@cti/contracts';

import { useAppSelector } from '../../app/hooks';
import { PageHeader } from '../../components/layout/PageHeader';
import { DataTable, type ColumnDef } from '../../components/table/DataTable';
import { useFailureToast } from '../../components/toast/use-failure-toast';
import { formatDate } from '../../lib/dates';
import { selectUser } from '../auth/auth-slice';

import { usePurchaseHistoryQuery } from './commerce-api';
import { rememberPurchases } from './purchase-flag';

/** /history: the signed-in user's purchases (Name, Date, Link), newest first. */
export default function PurchaseHistoryPage() {
  const { data, error, isLoading } = usePurchaseHistoryQuery();
  const user = useAppSelector(selectUser);

  useFailureToast(error, CommerceMessages.historyFailed, { durationMs: 6000 });
  useEffect(() => {
    if (data && user) rememberPurchases(user.Username, data.length > 0);
  }, [data, user]);

  const columns = useMemo<ColumnDef<PurchaseHistoryRow, any>[]>(
    () => [
      { accessorKey: 'Name', header: 'Name' },
      {
        accessorKey: 'Date',
        header: 'Date',
        cell: (c) => <time dateTime={c.getValue() as string}>{formatDate(c.getValue() as string)}</time>,
      },
      {
        id: 'Link',
        header: 'Link',
        enableSorting: false,
        cell: (c) => (
          <Link to={c.row.original.Link} aria-label={`Open ${c.row.original.Name}`}>
            Open
          </Link>
        ),
      },
    ],
    [],
  );

  return (
    <section aria-labelledby="history-title">
      <PageHeader titleId="history-title" title="Purchase History" />
      <DataTable
        columns={columns}
        data={data ?? []}
        loading={isLoading}
        initialSort={{ id: 'Date', desc: true }}
        caption="Purchase history"
        emptyText="You have not made any purchases yet."
      />
    </section>
  );
}
