import { useMemo, useState } from 'react';
import { CommerceMessages, type Product } from '@cti/contracts';
import { Button } from '../../components/form/fields';
import { PageHeader } from '../../components/layout/PageHeader';
import { DataTable, type ColumnDef } from '../../components/table/DataTable';
import { useToast } from '../../components/toast/use-toast';
import { ProductModal } from './components/ProductModal';
import {
  useCreatePlanMutation,
  useDeleteProductMutation,
  useProductsQuery,
  useRemovePlanMutation,
  useRestoreProductMutation,
} from './commerce-api';
import { formatCents } from './money';
import './commerce.css';

/**
 * /admin/products (index §2, §4): Active and Deleted products, add/edit in a modal,
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

  const act = async (key: string, work: () => Promise<{ error?: unknown }>, success: string, failure: string) => {
    setBusy(key);
    const result = await work();
    setBusy(null);
    if (result.error) toast.danger(failure, 6000);
    else toast.success(success);
  };

  const columns = useMemo(() => {
    const base: ColumnDef<Product, any>[] = [
      { accessorKey: 'Name', header: 'Name' },
      { accessorKey: 'Description', header: 'Description', enableSorting: false },
      {
        id: 'Price',
        accessorKey: 'PriceCents',
        header: 'Price',
        cell: (c) => <span className="nowrap">{formatCents(c.getValue() as number)}</span>,
      },
      {
        id: 'Plan',
        header: 'Plan',
        accessorFn: (p) => p.planId ?? '',
        cell: (c) =>
          c.row.original.planId ? <code className="small">{c.row.original.planId}</code> : <span className="muted">One-time</span>,
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
            <div className="cluster commerce-actions">
              <Button
                variant="secondary"
                className="button button-secondary button-small"
                onClick={() => (setEditing(p), setModalOpen(true))}
                aria-label={`Edit ${p.Name}`}
              >
                Edit
              </Button>
              {p.planId ? (
                <Button
                  variant="secondary"
                  className="button button-secondary button-small"
                  busy={busy === `plan:${p.Id}`}
                  onClick={() => act(`plan:${p.Id}`, () => removePlan(p.Id), 'Plan removed.', CommerceMessages.planFailed)}
                  aria-label={`Remove the plan of ${p.Name}`}
                >
                  Remove plan
                </Button>
              ) : (
                <Button
                  variant="secondary"
                  className="button button-secondary button-small"
                  busy={busy === `plan:${p.Id}`}
                  onClick={() => act(`plan:${p.Id}`, () => createPlan(p.Id), 'Plan created.', CommerceMessages.planFailed)}
                  aria-label={`Create a plan for ${p.Name}`}
                >
                  Create plan
                </Button>
              )}
              <Button
                variant="danger"
                className="button button-danger button-small"
                busy={busy === `delete:${p.Id}`}
                onClick={() => act(`delete:${p.Id}`, () => remove(p.Id), 'Product deleted.', 'The product was not deleted.')}
                aria-label={`Delete ${p.Name}`}
              >
                Delete
              </Button>
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
        cell: (c) => (
          <Button
            variant="secondary"
            className="button button-secondary button-small"
            busy={busy === `restore:${c.row.original.Id}`}
            onClick={() =>
              act(`restore:${c.row.original.Id}`, () => restore(c.row.original.Id), 'Product restored.', 'The product was not restored.')
            }
            aria-label={`Restore ${c.row.original.Name}`}
          >
            Restore
          </Button>
        ),
      },
    ];
    return { active, deleted };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [busy]);

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
