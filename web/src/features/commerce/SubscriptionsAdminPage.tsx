import { useMemo, useState } from 'react';

import type { Subscription } from '@cti/contracts';

import { FilterBox } from '../../components/form/FilterBox';
import { PageHeader } from '../../components/layout/PageHeader';
import { DataTable, type ColumnDef } from '../../components/table/DataTable';
import { formatDate } from '../../lib/dates';

import { useAdminSubscriptionsQuery } from './commerce-api';

const filterFields = [(s: Subscription) => s.Name, (s: Subscription) => s.Organization, (s: Subscription) => s.UserName];

/** /user/subscriptions: every subscription, filtered on name, organization or user name. */
export default function SubscriptionsAdminPage() {
  const { data = [], isLoading } = useAdminSubscriptionsQuery();
  const [filter, setFilter] = useState('');
  const columns = useMemo<ColumnDef<Subscription, any>[]>(
    () => [
      { accessorKey: 'Name', header: 'Name' },
      { accessorKey: 'Organization', header: 'Organization' },
      { accessorKey: 'UserName', header: 'UserName' },
      {
        id: 'status',
        header: 'Status',
        accessorFn: (s) => s.Details.status,
        cell: (c) => <span title={c.row.original.Details.statusChangeNote ?? undefined}>{c.row.original.Details.status}</span>,
      },
      { accessorKey: 'CreatedOn', header: 'Created', cell: (c) => formatDate(c.getValue() as string) },
    ],
    [],
  );
  return (
    <section aria-labelledby="subscriptions-title">
      <PageHeader titleId="subscriptions-title" title="Subscriptions" />
      <div className="toolbar">
        <FilterBox value={filter} onChange={setFilter} label="Filter subscriptions" placeholder="Name, organization or user name" />
      </div>
      <DataTable
        columns={columns}
        data={data}
        loading={isLoading}
        filterText={filter}
        filterFields={filterFields}
        initialSort={{ id: 'Name' }}
        caption="Subscriptions"
        emptyText="There are no subscriptions."
      />
    </section>
  );
}
