import { useEffect, useState } from 'react';

import type { AccessRequestView } from '@cti/contracts';

import { Button, TextField } from '../../../components/form/fields';
import { Modal } from '../../../components/modal/Modal';
import { useToast } from '../../../components/toast/use-toast';
import { formatDate } from '../../../lib/dates';
import { useApproveExternalRequestMutation, useDenyRequestMutation } from '../accounts-api';
import { RequestMessages } from '../messages';

import { RequestSummary } from './RequestModal';

/** Today as the date input writes it (yyyy-mm-dd, local). */
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/**
 * The external legal representative modal: the group manager's request
 * with its time limit; approval gives the representatives access until Expires.
 */
export function ExternalApprovalModal({ request, onClose }: { request: AccessRequestView; onClose(): void }) {
  const toast = useToast();
  const [approve, { isLoading: approving }] = useApproveExternalRequestMutation();
  const [deny, { isLoading: denying }] = useDenyRequestMutation();
  const [expires, setExpires] = useState(request.Expires?.slice(0, 10) ?? '');
  const open = request.Status === 'In Progress';

  useEffect(() => setExpires(request.Expires?.slice(0, 10) ?? ''), [request]);

  const onApprove = async () => {
    if (!expires) return void toast.danger(RequestMessages.externalMissingFields);
    // as the request's creation does: the access must end in the future
    if (expires < today()) return void toast.danger(RequestMessages.expiresInPast);
    const result = await approve({ ...request, Status: null, Expires: expires });
    if ('error' in result) return void console.error('Approving the external request failed', result.error);
    toast.success(result.data.message);
    onClose();
  };
  const onDeny = async () => {
    const result = await deny(request.Id);
    if ('error' in result) return void console.error('Denying the external request failed', result.error);
    toast.success(result.data.message);
    onClose();
  };

  return (
    <Modal
      open
      width={960}
      title={`External legal representative: ${request.Name}`}
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
      <dl className="summary-list">
        <dt>Requested by</dt>
        <dd>{request.UserManagerName ?? 'A group manager'}</dd>
        <dt>Organization</dt>
        <dd>{request.Organization}</dd>
        <dt>Organization address</dt>
        <dd>{request.OrganizationAddress}</dd>
      </dl>
      <RequestSummary request={request} />
      {open ? (
        <TextField
          label="Access expires"
          type="date"
          value={expires}
          min={today()}
          onChange={(e) => setExpires(e.target.value)}
          hint="Access is time limited; an extension can be requested."
        />
      ) : (
        <p>Access expires: {request.Expires ? formatDate(request.Expires) : 'not set'}</p>
      )}
    </Modal>
  );
}
