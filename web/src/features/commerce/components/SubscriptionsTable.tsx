import { useMemo, useState } from 'react';

import { CommerceMessages, type Product, type Subscription } from '@cti/contracts';

import { RowMenu } from '../../../components/menu/RowMenu';
import { ConfirmDialog } from '../../../components/modal/ConfirmDialog';
import { DataTable, type ColumnDef } from '../../../components/table/DataTable';
import { useToast } from '../../../components/toast/use-toast';
import { formatDate } from '../../../lib/dates';
import { useProductsQuery, useCancelSubscriptionMutation } from '../commerce-api';
import { formatUsd } from '../money';
import { usePlanSwitch } from '../my-plan';

/** The upgrade/downgrade pair of the plan catalogue: standard ↔ enhanced. */
function planSwitchOf(products: Product[], productId: string): { label: string; target: Product } | null {
  const tier = (p: Product) => (/enhanced/i.test(p.Name) ? 'enhanced' : /standard/i.test(p.Name) ? 'standard' : null);
  const current = products.find((p) => p.Id === productId);
  const from = current && tier(current);
  if (!from) return null;
  const target = products.find((p) => !p.Deleted && p.planId && tier(p) === (from === 'standard' ? 'enhanced' : 'standard'));
  return target ? { label: from === 'standard' ? 'Upgrade to Enhanced' : 'Downgrade to Standard', target } : null;
}

/**
 * Subscriptions with the provider's status: CANCELLED shows its reason as a tooltip
 * and no cancel or renewal; others show Cancel and the renewal date, and the
 * standard/enhanced plans can be switched (the provider's approval opens in a new tab).
 */
export function SubscriptionsTable({
  rows,
  withBuyer,
  loading,
  caption = 'Subscriptions',
}: {
  rows: Subscription[];
  withBuyer: boolean;
  loading?: boolean;
  caption?: string;
}) {
  const { data: products = [] } = useProductsQuery();
  const [cancelSubscription, { isLoading: cancelling }] = useCancelSubscriptionMutation();
  const [toCancel, setToCancel] = useState<Subscription | null>(null);
  const toast = useToast();

  const confirmCancel = async () => {
    if (!toCancel) return;
    const result = await cancelSubscription(toCancel.Id);
    setToCancel(null);
    if ('error' in result) toast.danger(CommerceMessages.cancelFailed, 6000);
    else toast.success(CommerceMessages.cancelSucceeded, 6000);
  };

  const { switchPlan } = usePlanSwitch();

  const columns = useMemo<ColumnDef<Subscription, any>[]>(
    () => [
      { accessorKey: 'Name', header: 'Name' },
      ...(withBuyer
        ? ([
            { accessorKey: 'UserName', header: 'User' },
            { accessorKey: 'Organization', header: 'Organization' },
          ] as ColumnDef<Subscription, any>[])
        : []),
      {
        id: 'status',
        header: 'Status',
        accessorFn: (s) => s.Details.status,
        cell: (c) => {
          const d = c.row.original.Details;
          return d.status === 'CANCELLED' ? (
            <span className="badge subscription-cancelled" title={d.statusChangeNote ?? 'Cancelled'} tabIndex={0}>
              CANCELLED
            </span>
          ) : (
            <span className="badge">{d.status}</span>
          );
        },
      },
      {
        id: 'lastPayment',
        header: 'Last payment',
        accessorFn: (s) => s.Details.lastPayment?.time ?? '',
        cell: (c) => {
          const last = c.row.original.Details.lastPayment;
          return last ? `${formatUsd(last.amount)} ${last.currency} on ${formatDate(last.time)}` : '';
        },
      },
      {
        id: 'renewal',
        header: 'Renews on',
        accessorFn: (s) => s.Details.nextBillingTime ?? '',
        cell: (c) => (c.row.original.Details.status === 'CANCELLED' ? '' : formatDate(c.row.original.Details.nextBillingTime)),
      },
      {
        id: 'actions',
        header: () => <span className="visually-hidden">Actions</span>,
        enableSorting: false,
        cell: (c) => {
          const row = c.row.original;
          if (row.Details.status === 'CANCELLED') return null;
          const change = planSwitchOf(products, row.ProductId);
          return (
            <div className="row-actions-cell">
              <RowMenu
                label={`Actions for ${row.Name}`}
                actions={[
                  ...(change ? [{ label: change.label, onSelect: () => switchPlan(row.Id, change.target.planId!) }] : []),
                  { label: 'Cancel subscription…', danger: true, onSelect: () => setToCancel(row) },
                ]}
              />
            </div>
          );
        },
      },
    ],
    [withBuyer, products, switchPlan],
  );

  return (
    <>
      <DataTable columns={columns} data={rows} loading={loading} caption={caption} emptyText="There are no subscriptions." />
      <ConfirmDialog
        open={!!toCancel}
        title="Cancel subscription"
        confirmLabel="Yes, cancel"
        busy={cancelling}
        onConfirm={confirmCancel}
        cancelLabel="No"
        onClose={() => setToCancel(null)}
      >
        {CommerceMessages.cancelConfirm}
      </ConfirmDialog>
    </>
  );
}
