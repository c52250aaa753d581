import { useEffect, useState } from 'react';
import { Link } from 'react-router';

import type { AccessRequestView } from '@cti/contracts';

import { Button, SelectField, TextField } from '../../../components/form/fields';
import { Modal } from '../../../components/modal/Modal';
import { useToast } from '../../../components/toast/use-toast';
import { formatDate } from '../../../lib/dates';
import {
  useApproveRequestMutation,
  useCalculatorGroupsQuery,
  useDenyRequestMutation,
  useGroupsQuery,
  useRolesQuery,
} from '../accounts-api';
import { CheckList } from '../components/CheckList';

import { approvalFormOf, approvalPayloadOf, validateApproval, type ApprovalForm } from './approval';

const IN_PROGRESS = 'In Progress';

/** What the request says, for both modals. */
export function RequestSummary({ request }: { request: AccessRequestView }) {
  return (
    <dl className="summary-list">
      <dt>Type</dt>
      <dd>{request.Type}</dd>
      <dt>Status</dt>
      <dd>{request.Status}</dd>
      <dt>Requested</dt>
      <dd>{formatDate(request.CreatedOn)}</dd>
      {request.Reasoning && (
        <>
          <dt>Reasoning</dt>
          <dd>{request.Reasoning}</dd>
        </>
      )}
      <dt>Users</dt>
      <dd>
        <ul>
          {request.Users.map((u) => (
            <li key={u.Id}>
              {u.Name} &lt;{u.Email}&gt;{u.Title ? `, ${u.Title}` : ''}
              {u.IsPrimary ? ' (primary contact)' : ''}
            </li>
          ))}
        </ul>
      </dd>
    </dl>
  );
}

/**
 * The regular access request modal, 960 wide: only In Progress has Deny
 * and Approve; approving opens the accounts with the chosen roles, groups and calculator
 * group. Approval and deny failures are only logged.
 */
export function RequestModal({ request, onClose }: { request: AccessRequestView; onClose(): void }) {
  const toast = useToast();
  const { data: roles = [] } = useRolesQuery();
  const { data: groups = [] } = useGroupsQuery();
  const { data: calculatorGroups = [] } = useCalculatorGroupsQuery();
  const [approve, { isLoading: approving }] = useApproveRequestMutation();
  const [deny, { isLoading: denying }] = useDenyRequestMutation();
  const [form, setForm] = useState<ApprovalForm>(() => approvalFormOf(request));
  const open = request.Status === IN_PROGRESS;

  useEffect(() => setForm(approvalFormOf(request)), [request]);
  const set = <K extends keyof ApprovalForm>(key: K, value: ApprovalForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const setEmail = (i: number, key: 'Email' | 'Name' | 'Title', value: string) =>
    set(
      'Emails',
      form.Emails.map((e, j) => (i === j ? { ...e, [key]: value } : e)),
    );

  const onApprove = async () => {
    const problem = validateApproval(request, form);
    if (problem) return void toast.danger(problem);
    const result = await approve(approvalPayloadOf(request, form));
    if ('error' in result) return void console.error('Approving the access request failed', result.error);
    toast.success(result.data.message);
    onClose();
  };
  const onDeny = async () => {
    const result = await deny(request.Id);
    if ('error' in result) return void console.error('Denying the access request failed', result.error);
    toast.success(result.data.message);
    onClose();
  };

  return (
    <Modal
      open
      width={960}
      title={`Access request from ${request.Name || request.Email}`}
      onClose={onClose}
      footer={
        open ? (
          <>
            <Button variant="danger" onClick={onDeny} busy={denying}>
              Deny
            </Button>
            <Button onClick={onApprove} busy={approving}>
              Approve
            </Button>
          </>
        ) : (
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        )
      }
    >
      <RequestSummary request={request} />
      {open && (
        <>
          <div className="form-grid">
            <TextField label="Organization" value={form.Organization} onChange={(e) => set('Organization', e.target.value)} />
            <TextField
              label="Primary e-mail"
              type="email"
              value={form.PrimaryEmail}
              onChange={(e) => set('PrimaryEmail', e.target.value)}
            />
            <TextField label="Name" value={form.Name} onChange={(e) => set('Name', e.target.value)} />
            <TextField label="Title" value={form.Title} onChange={(e) => set('Title', e.target.value)} />
            <SelectField label="Calculator group" value={form.CalculatorGroup} onChange={(e) => set('CalculatorGroup', e.target.value)}>
              <option value="">Choose a calculator group</option>
              {calculatorGroups.map((g) => (
                <option key={g.Id} value={g.Id}>
                  {g.Name}
                </option>
              ))}
            </SelectField>
          </div>
          <p>
            Missing a group? <Link to="/admin/groups">Manage groups</Link>
          </p>
          <fieldset className="plain">
            <legend>Extra users</legend>
            <div className="extra-users">
              {form.Emails.map((e, i) => (
                <div className="extra-user-row" key={i}>
                  <TextField
                    label={`Extra user ${i + 1} e-mail`}
                    type="email"
                    value={e.Email}
                    onChange={(ev) => setEmail(i, 'Email', ev.target.value)}
                  />
                  <TextField label={`Extra user ${i + 1} name`} value={e.Name} onChange={(ev) => setEmail(i, 'Name', ev.target.value)} />
                  <TextField label={`Extra user ${i + 1} title`} value={e.Title} onChange={(ev) => setEmail(i, 'Title', ev.target.value)} />
                  <Button
                    variant="secondary"
                    onClick={() =>
                      set(
                        'Emails',
                        form.Emails.filter((_, j) => j !== i),
                      )
                    }
                  >
                    Remove
                  </Button>
                </div>
              ))}
              <div>
                <Button variant="secondary" onClick={() => set('Emails', [...form.Emails, { Id: null, Email: '', Name: '', Title: '' }])}>
                  Add extra user
                </Button>
              </div>
            </div>
          </fieldset>
          <CheckList
            legend="Roles"
            options={roles.map((r) => ({ value: r.Id, label: r.Name }))}
            selected={form.Roles}
            onChange={(v) => set('Roles', v)}
            filterable={false}
          />
          <CheckList
            legend="Groups"
            options={groups.map((g) => ({ value: g.Id, label: g.Name }))}
            selected={form.Groups}
            onChange={(v) => set('Groups', v)}
          />
        </>
      )}
    </Modal>
  );
}
