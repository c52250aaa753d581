import { useState, type FormEvent } from 'react';

import { Button, TextField } from '../../../components/form/fields';
import { Modal } from '../../../components/modal/Modal';
import { useFilledOnOpening } from '../../../components/modal/use-filled-on-opening';
import { useToast } from '../../../components/toast/use-toast';
import { answerText } from '../../../lib/api-error';
import { isoDay } from '../../../lib/dates';
import { useCreateExternalRequestMutation } from '../accounts-api';
import { UserMessages } from '../messages';

import { emptyExternalRequest, externalPayloadOf, validateExternalRequest, type ExternalRequestForm } from './external-request';

/**
 * External legal representative access request: all fields required,
 * the name split on a space, extra users in the primary contact's e-mail domain. The
 * server's answer is shown as a toast.
 */
export function ExternalRequestModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const toast = useToast();
  const [create, { isLoading }] = useCreateExternalRequestMutation();
  const [form, setForm] = useState<ExternalRequestForm>(emptyExternalRequest);

  // each opening starts an empty request, never the one typed before the dialog was closed
  useFilledOnOpening(open, null, () => setForm(emptyExternalRequest()));

  const set = (key: Exclude<keyof ExternalRequestForm, 'Users'>) => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value })),
  });
  const setUser = (i: number, key: 'FirstName' | 'LastName' | 'Email', value: string) =>
    setForm((f) => ({ ...f, Users: f.Users.map((u, j) => (i === j ? { ...u, [key]: value } : u)) }));

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const problem = validateExternalRequest(form);
    if (problem) return void toast.danger(problem);
    const result = await create(externalPayloadOf(form));
    if ('error' in result) return void toast.danger(answerText(result.error) ?? 'An error occured. Please try again later.');
    toast.success(result.data.message);
    onClose();
  };

  return (
    <Modal
      open={open}
      width={960}
      title="External legal representative access request"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} busy={isLoading}>
            Submit request
          </Button>
        </>
      }
    >
      <p className="muted">{UserMessages.externalTooltip}</p>
      <form onSubmit={submit} noValidate>
        <div className="form-grid">
          <TextField label="Name" autoComplete="off" hint="First and last name." {...set('Name')} />
          <TextField label="E-mail" type="email" {...set('Email')} />
          <TextField label="Access expires" type="date" min={isoDay(new Date())} {...set('Expires')} />
          <TextField label="Organization" {...set('Organization')} />
          <TextField label="Organization address" {...set('OrganizationAddress')} />
        </div>
        <fieldset className="plain">
          <legend>Additional users (same e-mail domain)</legend>
          <div className="extra-users">
            {form.Users.map((u, i) => (
              <div className="extra-user-row" key={i}>
                <TextField label={`First name ${i + 1}`} value={u.FirstName} onChange={(e) => setUser(i, 'FirstName', e.target.value)} />
                <TextField label={`Last name ${i + 1}`} value={u.LastName} onChange={(e) => setUser(i, 'LastName', e.target.value)} />
                <TextField label={`E-mail ${i + 1}`} type="email" value={u.Email} onChange={(e) => setUser(i, 'Email', e.target.value)} />
                <Button
                  variant="secondary"
                  onClick={() => setForm((f) => ({ ...f, Users: f.Users.filter((_, j) => j !== i) }))}
                  aria-label={`Remove additional user ${i + 1}`}
                >
                  Remove
                </Button>
              </div>
            ))}
            <div>
              <Button
                variant="secondary"
                onClick={() => setForm((f) => ({ ...f, Users: [...f.Users, { FirstName: '', LastName: '', Email: '' }] }))}
              >
                Add another user
              </Button>
            </div>
          </div>
        </fieldset>
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}
