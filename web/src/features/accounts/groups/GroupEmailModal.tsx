import { useId, useState, type FormEvent } from 'react';

import type { GroupView } from '@cti/contracts';

import { Button, TextAreaField, TextField } from '../../../components/form/fields';
import { Modal } from '../../../components/modal/Modal';
import { useFilledOnOpening } from '../../../components/modal/use-filled-on-opening';
import { useToast } from '../../../components/toast/use-toast';
import { answerOr } from '../../../lib/api-error';
import { useEmailGroupMutation, useManagedUsersQuery } from '../accounts-api';
import { CheckList } from '../components/CheckList';
import { GroupMessages } from '../messages';

/** Send Email to a group: Subject and Message required; To the members; CC chosen by e-mail. */
export function GroupEmailModal({ group, onClose }: { group: GroupView | null; onClose(): void }) {
  const toast = useToast();
  const [send, { isLoading }] = useEmailGroupMutation();
  const { data: users = [] } = useManagedUsersQuery(undefined, { skip: !group });
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [to, setTo] = useState<string[]>([]);
  const [cc, setCc] = useState<string[]>([]);
  const [ccInput, setCcInput] = useState('');
  const listId = useId();

  // each group's dialog starts a new e-mail to its members, none of them unticked for a frame
  useFilledOnOpening(group !== null, group, (opened) => {
    setSubject('');
    setMessage('');
    setTo(opened?.Users.map((u) => u.Id) ?? []);
    setCc([]);
    setCcInput('');
  });

  const addCc = () => {
    const email = ccInput.trim();
    if (email && !cc.includes(email)) setCc([...cc, email]);
    setCcInput('');
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!group) return;
    if (!subject.trim()) return void toast.danger(GroupMessages.missingSubject);
    if (!message.trim()) return void toast.danger(GroupMessages.missingMessage);
    const result = await send({ Subject: subject.trim(), Message: message, To: to, CC: cc, Group: group.Id });
    if ('error' in result) return void toast.danger(answerOr(result.error, GroupMessages.emailFailed));
    toast.success(GroupMessages.emailSent);
    onClose();
  };

  return (
    <Modal
      open={!!group}
      width={960}
      title={`Send Email to ${group?.Name ?? ''}`}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} busy={isLoading}>
            Send email
          </Button>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <TextField label="Subject" value={subject} onChange={(e) => setSubject(e.target.value)} />
        <TextAreaField label="Message" rows={8} value={message} onChange={(e) => setMessage(e.target.value)} />
        <CheckList
          legend="To"
          options={(group?.Users ?? []).map((u) => ({ value: u.Id, label: `${u.Name} <${u.Email}>` }))}
          selected={to}
          onChange={setTo}
        />
        <fieldset className="plain">
          <legend>CC</legend>
          <div className="toolbar">
            <TextField
              label="Add a CC by e-mail"
              type="email"
              list={listId}
              value={ccInput}
              onChange={(e) => setCcInput(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addCc();
                }
              }}
            />
            <datalist id={listId}>
              {users.map((u) => (
                <option key={u.Id} value={u.Email}>
                  {u.Name}
                </option>
              ))}
            </datalist>
            <Button variant="secondary" onClick={addCc}>
              Add CC
            </Button>
          </div>
          {cc.length > 0 && (
            <ul className="cluster" aria-label="CC recipients">
              {cc.map((c) => (
                <li key={c} className="badge">
                  {c}{' '}
                  <button type="button" className="icon-button" aria-label={`Remove ${c}`} onClick={() => setCc(cc.filter((x) => x !== c))}>
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}
