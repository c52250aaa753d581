import { useMemo, useState, type FormEvent } from 'react';

import { RoleDescriptions, roleLabel, roleNameOf, UserEditPolicy } from '@cti/access';
import type { ManagedUser } from '@cti/contracts';

import { useAppSelector, usePrincipal } from '../../../app/hooks';
import { Button, CheckboxField, SelectField, TextField } from '../../../components/form/fields';
import { Modal } from '../../../components/modal/Modal';
import { useFilledOnOpening } from '../../../components/modal/use-filled-on-opening';
import { useToast } from '../../../components/toast/use-toast';
import { answerText } from '../../../lib/api-error';
import { formatDate } from '../../../lib/dates';
import { UserApiKeys } from '../../api-keys/UserApiKeys';
import { selectUser } from '../../auth/auth-slice';
import {
  useCalculatorGroupsQuery,
  useManagerGroupsQuery,
  useRegisterUserMutation,
  useRolesQuery,
  useUpdateUserMutation,
} from '../accounts-api';
import { CheckList } from '../components/CheckList';
import { UserMessages } from '../messages';

import { accGroupChanged, formOf, payloadOf, validateUserForm, type UserForm } from './user-form';

/**
 * Add or edit a user, 960 wide. Add versus edit is decided by the Id.
 * Group managers see only the roles and groups they may give; Disabled and the other
 * flags are for admins.
 */
export function UserModal({
  open,
  user,
  onClose,
  defaultGroups,
}: {
  open: boolean;
  user: ManagedUser | null;
  onClose(): void;
  defaultGroups?: string[];
}) {
  const principal = usePrincipal();
  const me = useAppSelector(selectUser);
  const toast = useToast();
  const admin = !!principal && UserEditPolicy.isAdmin(principal);
  const { data: roles = [] } = useRolesQuery();
  const { data: groups = [] } = useManagerGroupsQuery();
  const { data: calculatorGroups = [] } = useCalculatorGroupsQuery();
  const [register, { isLoading: adding }] = useRegisterUserMutation();
  const [update, { isLoading: saving }] = useUpdateUserMutation();
  const [form, setForm] = useState<UserForm>(() => formOf(user, { groups: defaultGroups }));
  // only an opening or another user fills the form: a renewed session (new default groups for a
  // group manager) keeps what was typed
  useFilledOnOpening(open, user, (opened) => setForm(formOf(opened, { groups: defaultGroups })));

  const assignable = useMemo(() => (principal ? UserEditPolicy.assignableRoleIds(principal) : []), [principal]);
  // the server decides who may edit whom (libs/access UserEditPolicy); a row it marks read-only opens read-only
  const readOnly = !!user && !user.CanEdit;
  const editingAsManager = !!user && !admin;
  const roleOptions = roles
    .map((r) => {
      const name = roleNameOf(r.Id);
      return {
        value: r.Id,
        label: roleLabel(r.Id),
        description: r.Description ?? (name ? RoleDescriptions[name] : undefined),
        locked: !assignable.includes(r.Id) && form.Roles.includes(r.Id),
      };
    })
    .filter((o) => assignable.includes(o.value) || o.locked);
  // groups the user is in but the editor does not manage stay, untouchable
  const groupOptions = [
    ...groups.map((g) => ({ value: g.Id, label: g.Name })),
    ...(user?.Groups ?? []).filter((g) => !groups.some((x) => x.Id === g.Id)).map((g) => ({ value: g.Id, label: g.Name, locked: true })),
  ];
  const set = <K extends keyof UserForm>(key: K, value: UserForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const text = (key: 'FirstName' | 'LastName' | 'Email' | 'OrganizationName' | 'OrganizationAddress' | 'ExpiresOn') => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
  });

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!principal || !me || readOnly) return;
    const problem = validateUserForm(form, principal);
    if (problem) return void toast.danger(problem);
    const body = payloadOf(form, principal, me.Id);
    const result = form.Id ? await update(body) : await register(body);
    if ('error' in result) {
      toast.danger(answerText(result.error) ?? UserMessages.failed);
      return;
    }
    toast.success(form.Id ? UserMessages.edited : UserMessages.added);
    onClose();
  };

  return (
    <Modal
      open={open}
      width={960}
      title={form.Id ? `Edit ${user?.Name ?? 'user'}` : 'Add user'}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          {!readOnly && (
            <Button onClick={() => void submit()} busy={adding || saving}>
              {form.Id ? 'Save user' : 'Add user'}
            </Button>
          )}
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        {readOnly && (
          <p className="notice notice-warning" role="status">
            {UserMessages.readOnly}
          </p>
        )}
        <fieldset className="plain" disabled={readOnly}>
          <div className="form-grid">
            <TextField label="First name" {...text('FirstName')} />
            <TextField label="Last name" {...text('LastName')} />
            <TextField
              label="E-mail"
              type="email"
              {...text('Email')}
              readOnly={editingAsManager}
              hint={!admin && !form.Id ? 'Must be in your own e-mail domain.' : editingAsManager ? UserMessages.emailAdminOnly : undefined}
            />
            <TextField label="Organization" {...text('OrganizationName')} />
            <TextField label="Organization address" {...text('OrganizationAddress')} />
            <TextField
              label="Expires on"
              type="date"
              {...text('ExpiresOn')}
              max={editingAsManager && user?.Expires ? user.Expires.slice(0, 10) : undefined}
              hint={editingAsManager && user?.Expires ? UserMessages.expiryManagerHint : 'Leave empty for no expiry.'}
            />
            <SelectField label="Calculator group" value={form.CalculatorGroup} onChange={(e) => set('CalculatorGroup', e.target.value)}>
              <option value="">None</option>
              {calculatorGroups
                // a group manager gives only their own groups (the user's current one stays shown)
                .filter((g) => admin || principal?.groups.includes(g.Id) || g.Id === user?.CalculatorGroup)
                .map((g) => (
                  <option key={g.Id} value={g.Id}>
                    {g.Name}
                  </option>
                ))}
            </SelectField>
          </div>
          {accGroupChanged(user, form) && (
            <p className="notice notice-warning" role="alert">
              {UserMessages.accGroupWarning}
            </p>
          )}
          <CheckList legend="Roles" options={roleOptions} selected={form.Roles} onChange={(v) => set('Roles', v)} filterable={false} />
          {!!user?.ExpiredRoles.length && (
            <p className="muted">
              Expired roles: {user.ExpiredRoles.map((r) => `${roleLabel(r.Id)} (${formatDate(r.ExpiresOn)})`).join(', ')}
            </p>
          )}
          <CheckList legend="Groups" options={groupOptions} selected={form.Groups} onChange={(v) => set('Groups', v)} />
          {admin && (
            <fieldset className="plain">
              <legend>Admin settings</legend>
              <div className="cluster">
                <CheckboxField
                  label="Group manager"
                  checked={form.IsGroupManager}
                  onChange={(e) => set('IsGroupManager', e.target.checked)}
                />
                <CheckboxField label="Hidden" checked={form.IsHidden} onChange={(e) => set('IsHidden', e.target.checked)} />
                <CheckboxField
                  label="Insolvency documents (ACID)"
                  checked={form.IsACID}
                  onChange={(e) => set('IsACID', e.target.checked)}
                />
                <CheckboxField label="Disabled" checked={form.Disabled} onChange={(e) => set('Disabled', e.target.checked)} />
              </div>
            </fieldset>
          )}
          {admin && form.Id && <UserApiKeys userId={form.Id} />}
        </fieldset>
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}
