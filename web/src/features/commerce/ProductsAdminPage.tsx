import { useCallback, useMemo, useState } from 'react';

import { CommerceMessages, type Product } from '@cti/contracts';

import { Button } from '../../components/form/fields';
import { PageHeader } from '../../components/layout/PageHeader';
import { RowMenu } from '../../components/menu/RowMenu';
import { DataTable, type ColumnDef } from '../../components/table/DataTable';
import { useToast } from '../../components/toast/use-toast';
import { answerOr, type ApiError } from '../../lib/api-error';

import {
  useCreatePlanMutation,
  useDeleteProductMutation,
  useProductsQuery,
  useRemovePlanMutation,
  useRestoreProductMutation,
} from './commerce-api';
import { ProductModal } from './components/ProductModal';
import { formatUsd } from './money';
import './commerce.css';

/**
 * /admin/products: Active and Deleted products, add/edit in a modal,
 * delete and restore; a product becomes a subscription by creating a plan at the
 * payment provider, and a one-time purchase again by removing it.
 */
export default function ProductsAdminPage() {
  const { data = [], isLoading } = useProductsQuery();
  const [editing, setEditing] = useState<Product | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  const [remove] = useDeleteProductMutation();
  const [restore] = useRestoreProductMutation();
  const [createPlan] = useCreatePlanMutation();
  const [removePlan] = useRemovePlanMutation();
  const [busy, setBusy] = useState<string | null>(null);
  const toast = useToast();

  const act = useCallback(
    async (key: string, work: () => Promise<{ error?: ApiError }>, success: string, failure: string) => {
      setBusy(key);
      const result = await work();
      setBusy(null);
      if (result.error) toast.danger(answerOr(result.error, failure), 6000);
      else toast.success(success);
    },
    [toast],
  );

  const columns = useMemo(() => {
    const base: ColumnDef<Product, any>[] = [
      { accessorKey: 'Name', header: 'Name' },
      { accessorKey: 'Description', header: 'Description', enableSorting: false },
      {
        id: 'Price',
        accessorKey: 'Price',
        header: 'Price',
        cell: (c) => <span className="nowrap">{formatUsd(c.getValue() as number)}</span>,
      },
      {
        id: 'Plan',
        header: 'Sold as',
        accessorFn: (p) => (p.planId ? 'Yearly subscription' : 'One-time purchase'),
      },
    ];
    const active: ColumnDef<Product, any>[] = [
      ...base,
      {
        id: 'actions',
        header: () => <span className="visually-hidden">Actions</span>,
        enableSorting: false,
        cell: (c) => {
          const p = c.row.original;
          return (
            <div className="row-actions-cell">
              <RowMenu
                label={`Actions for ${p.Name}`}
                actions={[
                  { label: 'Edit', onSelect: () => (setEditing(p), setModalOpen(true)) },
                  p.planId
                    ? {
                        label: 'Remove plan',
                        disabled: busy === `plan:${p.Id}`,
                        onSelect: () => act(`plan:${p.Id}`, () => removePlan(p.Id), 'Plan removed.', CommerceMessages.planFailed),
                        confirm: {
                          title: `Remove the plan of ${p.Name}?`,
                          text: 'It becomes a one-time purchase. Subscriptions already bought keep running until they end.',
                          confirmLabel: 'Remove plan',
                        },
                      }
                    : {
                        label: 'Create plan',
                        disabled: busy === `plan:${p.Id}`,
                        onSelect: () => act(`plan:${p.Id}`, () => createPlan(p.Id), 'Plan created.', CommerceMessages.planFailed),
                        confirm: {
                          title: `Sell ${p.Name} as a yearly subscription?`,
                          text: 'A yearly plan is created at the payment provider; buyers are charged again every year until they cancel.',
                          confirmLabel: 'Create plan',
                        },
                      },
                  {
                    label: 'Delete',
                    danger: true,
                    onSelect: () => act(`delete:${p.Id}`, () => remove(p.Id), 'Product deleted.', 'The product was not deleted.'),
                    confirm: {
                      title: `Delete ${p.Name}?`,
                      text: 'It can no longer be bought. Purchases already made are kept, and the product can be restored from Deleted.',
                      confirmLabel: 'Delete product',
                    },
                  },
                ]}
              />
            </div>
          );
        },
      },
    ];
    const deleted: ColumnDef<Product, any>[] = [
      ...base,
      {
        id: 'actions',
        header: () => <span className="visually-hidden">Actions</span>,
        enableSorting: false,
        cell: (c) => {
          const p = c.row.original;
          return (
            <div className="row-actions-cell">
              <RowMenu
                label={`Actions for ${p.Name}`}
                actions={[
                  {
                    label: 'Restore',
                    onSelect: () => act(`restore:${p.Id}`, () => restore(p.Id), 'Product restored.', 'The product was not restored.'),
                  },
                ]}
              />
            </div>
          );
        },
      },
    ];
    return { active, deleted };
  }, [busy, act, createPlan, remove, removePlan, restore]);

  return (
    <section aria-labelledby="products-title">
      <PageHeader
        titleId="products-title"
        title="Products"
        actions={<Button onClick={() => (setEditing(null), setModalOpen(true))}>Add</Button>}
      />
      <section className="section" aria-labelledby="active-products">
        <h2 id="active-products">Active</h2>
        <DataTable
          columns={columns.active}
          data={data.filter((p) => !p.Deleted)}
          loading={isLoading}
          initialSort={{ id: 'Name' }}
          caption="Active products"
          emptyText="No active products."
        />
      </section>
      <section className="section" aria-labelledby="deleted-products">
        <h2 id="deleted-products">Deleted</h2>
        <DataTable
          columns={columns.deleted}
          data={data.filter((p) => p.Deleted)}
          loading={isLoading}
          initialSort={{ id: 'Name' }}
          caption="Deleted products"
          emptyText="No deleted products."
        />
      </section>
      <ProductModal open={modalOpen} product={editing} onClose={() => setModalOpen(false)} />
    </section>
  );
}
