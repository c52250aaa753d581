import { useMemo, useState } from 'react';

import type { AccessRequestView } from '@cti/contracts';

import { FilterBox } from '../../../components/form/FilterBox';
import { DataTable, type ColumnDef } from '../../../components/table/DataTable';
import { useAccessRequestsQuery } from '../accounts-api';

import { ExternalApprovalModal } from './ExternalApprovalModal';
import { RequestModal } from './RequestModal';
import '../accounts.css';

/**
 * /user/requests: the access-request queue, Email/Type/Organization/Status
 * all sortable, filtered on e-mail, organization or status, 10 per page. A row opens the
 * external representative modal when it has a UserManagerId, else the regular one.
 */
export default function RequestQueuePage() {
  const { data = [], isLoading, error } = useAccessRequestsQuery();
  const [filter, setFilter] = useState('');
  const [open, setOpen] = useState<AccessRequestView | null>(null);
  if (error) console.error('Loading the access requests failed', error);

  const columns = useMemo<ColumnDef<AccessRequestView, any>[]>(
    () => [
      { id: 'Email', accessorFn: (r) => r.Email, header: 'Email' },
      { id: 'Type', accessorFn: (r) => r.Type, header: 'Type' },
      { id: 'Organization', accessorFn: (r) => r.Organization, header: 'Organization' },
      { id: 'Status', accessorFn: (r) => r.Status, header: 'Status' },
    ],
    [],
  );
  // the open request follows reloads, so its status is current
  const current = open ? (data.find((r) => r.Id === open.Id) ?? open) : null;

  return (
    <section aria-labelledby="requests-title">
      <div className="page-header">
        <h1 id="requests-title">Request Queue</h1>
      </div>
      <div className="toolbar">
        <FilterBox value={filter} onChange={setFilter} label="Filter requests" placeholder="Filter by e-mail, organization or status…" />
      </div>
      <DataTable
        columns={columns}
        data={data}
        pageSize={10}
        filterText={filter}
        filterFields={[(r) => r.Email, (r) => r.Organization, (r) => r.Status]}
        getRowId={(r) => r.Id}
        onRowClick={setOpen}
        loading={isLoading}
        caption="Access requests"
        emptyText="There are no access requests."
      />
      {current &&
        (current.UserManagerId ? (
          <ExternalApprovalModal request={current} onClose={() => setOpen(null)} />
        ) : (
          <RequestModal request={current} onClose={() => setOpen(null)} />
        ))}
    </section>
  );
}
