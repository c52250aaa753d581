import { useMemo, useState } from 'react';
import { Link } from 'react-router';

import type { GroupView } from '@cti/contracts';

import { Button } from '../../../components/form/fields';
import { FilterBox } from '../../../components/form/FilterBox';
import { DataTable, type ColumnDef } from '../../../components/table/DataTable';
import { useGroupsQuery } from '../accounts-api';

import { GroupEmailModal } from './GroupEmailModal';
import { GroupModal } from './GroupModal';
import '../accounts.css';

/** /admin/groups (groupsAdmin): filter, Add Group, Name/Type/Manage Users/Send Email, 10 per page by Name. */
export default function GroupsAdminPage() {
  const { data = [], isLoading } = useGroupsQuery();
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<{ group: GroupView | null } | null>(null);
  const [emailing, setEmailing] = useState<GroupView | null>(null);

  const columns = useMemo<ColumnDef<GroupView, any>[]>(
    () => [
      {
        id: 'Name',
        accessorFn: (g) => g.Name,
        header: 'Name',
        cell: (c) => (
          <Button variant="link" onClick={() => setEditing({ group: c.row.original })}>
            {c.row.original.Name}
          </Button>
        ),
      },
      { id: 'Type', accessorFn: (g) => g.Type, header: 'Type' },
      {
        id: 'manage',
        header: 'Manage Users',
        enableSorting: false,
        cell: (c) => <Link to={`/user/manage?group=${encodeURIComponent(c.row.original.Name)}`}>Manage Users</Link>,
      },
      {
        id: 'email',
        header: 'Send Email',
        enableSorting: false,
        cell: (c) => (
          <Button variant="secondary" onClick={() => setEmailing(c.row.original)} aria-label={`Send Email to ${c.row.original.Name}`}>
            Send Email
          </Button>
        ),
      },
    ],
    [],
  );

  return (
    <section aria-labelledby="groups-title">
      <div className="page-header">
        <h1 id="groups-title">User groups</h1>
        <div className="page-header-actions">
          <Button onClick={() => setEditing({ group: null })}>Add Group</Button>
        </div>
      </div>
      <div className="toolbar">
        <FilterBox value={filter} onChange={setFilter} label="Filter groups" placeholder="Filter by name or type…" />
      </div>
      <DataTable
        columns={columns}
        data={data}
        pageSize={10}
        initialSort={{ id: 'Name' }}
        filterText={filter}
        filterFields={[(g) => g.Name, (g) => g.Type]}
        getRowId={(g) => g.Id}
        loading={isLoading}
        caption="User groups"
      />
      <GroupModal open={!!editing} group={editing?.group ?? null} onClose={() => setEditing(null)} />
      <GroupEmailModal group={emailing} onClose={() => setEmailing(null)} />
    </section>
  );
}
