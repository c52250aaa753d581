import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

import { roleLabel, UserEditPolicy } from '@cti/access';
import type { ManagedUser } from '@cti/contracts';

import { usePrincipal } from '../../../app/hooks';
import { Button, CheckboxField } from '../../../components/form/fields';
import { FilterBox } from '../../../components/form/FilterBox';
import { DataTable, type ColumnDef } from '../../../components/table/DataTable';
import { useToast } from '../../../components/toast/use-toast';
import { PasswordMessages, WELCOME_NOTICE_MS } from '../../auth/account-messages';
import { useSendWelcomeMutation } from '../../auth/auth-api';
import { useManagedUsersQuery } from '../accounts-api';
import { UserMessages } from '../messages';

import { ExternalRequestModal } from './ExternalRequestModal';
import { RolesDescriptionModal } from './RolesDescriptionModal';
import { UserModal } from './UserModal';
import '../accounts.css';

type Editing = { user: ManagedUser | null } | null;

/**
 * /user/manage (userAdmin, optional param group pre-filling the filter):
 * group managers and admins list, add and edit users; 10 per page sorted by Name.
 */
export default function UsersAdminPage() {
  const [params] = useSearchParams();
  const [filter, setFilter] = useState(params.get('group') ?? '');
  const [onlyHidden, setOnlyHidden] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const [externalOpen, setExternalOpen] = useState(false);
  const [rolesOpen, setRolesOpen] = useState(false);
  const { data = [], isLoading } = useManagedUsersQuery();
  const [sendWelcome] = useSendWelcomeMutation();
  const toast = useToast();

  const rows = useMemo(() => data.filter((u) => u.IsHidden === onlyHidden), [data, onlyHidden]);
  const principal = usePrincipal();
  // a group manager's new users start in the manager's groups
  const defaultGroups = useMemo(() => (principal && !UserEditPolicy.isAdmin(principal) ? [...principal.groups] : undefined), [principal]);

  const resend = useCallback(
    async (user: ManagedUser) => {
      const result = await sendWelcome({ userId: user.Id });
      if ('error' in result) toast.danger(PasswordMessages.welcomeFailed, WELCOME_NOTICE_MS);
      else toast.success(PasswordMessages.welcomeSent, WELCOME_NOTICE_MS);
    },
    [sendWelcome, toast],
  );

  const columns = useMemo<ColumnDef<ManagedUser, any>[]>(
    () => [
      {
        id: 'Name',
        accessorFn: (u) => u.Name,
        header: 'Name',
        cell: (c) => (
          <Button variant="link" onClick={() => setEditing({ user: c.row.original })}>
            {c.row.original.Name}
          </Button>
        ),
      },
      { id: 'Group', accessorFn: (u) => u.GroupNames, header: 'Group' },
      { id: 'Roles', accessorFn: (u) => u.Roles.map((r) => roleLabel(r.Id)).join(', '), header: 'Roles' },
      { id: 'Email', accessorFn: (u) => u.Email, header: 'Email' },
      {
        id: 'welcome',
        header: () => <span className="visually-hidden">Welcome email</span>,
        enableSorting: false,
        // the welcome e-mail only goes to accounts that have never set a password
        cell: (c) => (
          <Button
            variant="secondary"
            disabled={c.row.original.HasPassword}
            title={c.row.original.HasPassword ? UserMessages.passwordAlreadySet : undefined}
            onClick={() => void resend(c.row.original)}
          >
            Resend welcome email
          </Button>
        ),
      },
    ],
    [resend],
  );

  return (
    <section aria-labelledby="users-title">
      <div className="page-header">
        <h1 id="users-title">Users</h1>
        <div className="page-header-actions">
          <Button onClick={() => setEditing({ user: null })}>Add user</Button>
          <Button variant="secondary" title={UserMessages.externalTooltip} onClick={() => setExternalOpen(true)}>
            External legal representative access request
          </Button>
          <Button variant="link" onClick={() => setRolesOpen(true)}>
            Role descriptions
          </Button>
        </div>
      </div>
      <div className="toolbar">
        <FilterBox
          value={filter}
          onChange={setFilter}
          label="Filter users"
          placeholder="Filter by name, group, role, e-mail or organization…"
        />
        <CheckboxField label="Show only hidden" checked={onlyHidden} onChange={(e) => setOnlyHidden(e.target.checked)} />
      </div>
      <DataTable
        columns={columns}
        data={rows}
        pageSize={10}
        initialSort={{ id: 'Name' }}
        filterText={filter}
        filterFields={[
          (u) => u.Name,
          (u) => u.GroupNames,
          (u) => u.RoleNames,
          (u) => u.Roles.map((r) => roleLabel(r.Id)).join(' '),
          (u) => u.Email,
          (u) => u.Organization,
        ]}
        getRowId={(u) => u.Id}
        loading={isLoading}
        caption="Users"
        emptyText="No users match."
      />
      <UserModal open={!!editing} user={editing?.user ?? null} onClose={() => setEditing(null)} defaultGroups={defaultGroups} />
      <ExternalRequestModal open={externalOpen} onClose={() => setExternalOpen(false)} />
      <RolesDescriptionModal open={rolesOpen} onClose={() => setRolesOpen(false)} />
    </section>
  );
}
