import { useEffect, useMemo, useState } from 'react';

import { CommerceMessages, type PurchaseLogRow } from '@cti/contracts';

import { Button, TextField } from '../../components/form/fields';
import { PageHeader } from '../../components/layout/PageHeader';
import { ConfirmDialog } from '../../components/modal/ConfirmDialog';
import { DataTable, type ColumnDef } from '../../components/table/DataTable';
import { useToast } from '../../components/toast/use-toast';
import { daysAgo, formatDate, formatDateTime, isoDay } from '../../lib/dates';

import { useLazyPurchaseReportQuery, useRefundMutation } from './commerce-api';
import { formatUsd } from './money';

/**
 * /admin/purchaseLog: purchases in a date range (last 30 days by default),
 * 20 per page, newest first; Product, Price, Purchased On, Purchased By and a refund cell.
 */
export default function PurchaseLogPage() {
  const [start, setStart] = useState(isoDay(daysAgo(30)));
  const [end, setEnd] = useState(isoDay(new Date()));
  const [runReport, { data, isFetching }] = useLazyPurchaseReportQuery();
  const [refund, { isLoading: refunding }] = useRefundMutation();
  const [toRefund, setToRefund] = useState<PurchaseLogRow | null>(null);
  const toast = useToast();

  const run = async (range = { start, end }) => {
    const result = await runReport(range);
    if (result.error) toast.danger(CommerceMessages.reportFailed, 6000);
  };
  useEffect(() => {
    void run();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once on opening, with the default range (the form runs the others)
  }, []);

  const confirmRefund = async () => {
    if (!toRefund) return;
    const result = await refund(toRefund.TransactionId);
    setToRefund(null);
    if ('error' in result) toast.danger(CommerceMessages.refundFailed, 6000);
    else {
      toast.success(CommerceMessages.refundSucceeded, 6000);
      void run();
    }
  };

  const columns = useMemo<ColumnDef<PurchaseLogRow, any>[]>(
    () => [
      { accessorKey: 'Name', header: 'Product' },
      { accessorKey: 'Price', header: 'Price', cell: (c) => <span className="nowrap">{formatUsd(c.getValue() as number)}</span> },
      {
        accessorKey: 'PurchasedOn',
        header: 'Purchased On',
        cell: (c) => (
          <time dateTime={c.getValue() as string} title={formatDateTime(c.getValue() as string)}>
            {formatDate(c.getValue() as string)}
          </time>
        ),
      },
      { accessorKey: 'User', header: 'Purchased By', cell: (c) => <span title={c.row.original.UserEmail}>{c.getValue() as string}</span> },
      {
        id: 'Refund',
        header: () => <span className="visually-hidden">Refund</span>,
        enableSorting: false,
        cell: (c) => {
          const row = c.row.original;
          const done = row.Refunds[0];
          if (done) return <span className="badge">Refunded {formatDate(done.RefundedOn)}</span>;
          return (
            <Button
              variant="secondary"
              className="button button-secondary button-small"
              onClick={() => setToRefund(row)}
              aria-label={`Refund ${row.Name} bought by ${row.User}`}
            >
              Refund
            </Button>
          );
        },
      },
    ],
    [],
  );

  return (
    <section aria-labelledby="purchase-log-title">
      <PageHeader titleId="purchase-log-title" title="Purchase log" />
      <div className="toolbar">
        <TextField label="Start date" type="date" value={start} max={end} onChange={(e) => setStart(e.target.value)} />
        <TextField label="End date" type="date" value={end} min={start} onChange={(e) => setEnd(e.target.value)} />
        <Button onClick={() => run()} busy={isFetching}>
          Get report
        </Button>
      </div>
      <DataTable
        columns={columns}
        data={data ?? []}
        pageSize={20}
        initialSort={{ id: 'PurchasedOn', desc: true }}
        caption="Purchase log"
        loading={isFetching && !data}
        emptyText="No purchases in this date range."
      />
      <ConfirmDialog
        open={!!toRefund}
        title="Refund purchase"
        confirmLabel="Yes, refund"
        busy={refunding}
        onConfirm={confirmRefund}
        cancelLabel="No"
        onClose={() => setToRefund(null)}
      >
        {CommerceMessages.refundConfirm}
      </ConfirmDialog>
    </section>
  );
}
