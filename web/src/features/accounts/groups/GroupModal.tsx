import { useState, type FormEvent } from 'react';

import { GroupTypes, type GroupView } from '@cti/contracts';

import { Button, SelectField, TextField } from '../../../components/form/fields';
import { Modal } from '../../../components/modal/Modal';
import { useFilledOnOpening } from '../../../components/modal/use-filled-on-opening';
import { useToast } from '../../../components/toast/use-toast';
import { answerOr } from '../../../lib/api-error';
import { useAddGroupMutation, useEditGroupMutation, useLogosQuery } from '../accounts-api';
import { GroupMessages } from '../messages';

/** Add or edit a group: Name and Type required; a Country group shows a flag. */
export function GroupModal({ open, group, onClose }: { open: boolean; group: GroupView | null; onClose(): void }) {
  const toast = useToast();
  const [name, setName] = useState('');
  const [type, setType] = useState('');
  const [logoPath, setLogoPath] = useState('');
  const { data: logos = [] } = useLogosQuery(undefined, { skip: !open || type !== 'Country' });
  const [add, { isLoading: adding }] = useAddGroupMutation();
  const [edit, { isLoading: saving }] = useEditGroupMutation();

  useFilledOnOpening(open, group, (opened) => {
    setName(opened?.Name ?? '');
    setType(opened?.Type ?? '');
    setLogoPath(opened?.LogoPath ?? '');
  });

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!name.trim() || !type) return void toast.danger(GroupMessages.missingFields);
    const body = {
      Id: group?.Id ?? null,
      Name: name.trim(),
      Type: type,
      LogoPath: type === 'Country' ? logoPath || null : null,
      CountryId: group?.CountryId ?? null,
    };
    const result = group ? await edit(body) : await add(body);
    if ('error' in result) return void toast.danger(answerOr(result.error, GroupMessages.failed));
    if (!result.data) return void toast.danger(GroupMessages.failed);
    toast.success(group ? GroupMessages.edited : GroupMessages.added);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={group ? `Edit ${group.Name}` : 'Add Group'}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} busy={adding || saving}>
            {group ? 'Save group' : 'Add group'}
          </Button>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} />
        <SelectField label="Type" value={type} onChange={(e) => setType(e.target.value)}>
          <option value="">Choose a type</option>
          {GroupTypes.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </SelectField>
        {type === 'Country' && (
          <SelectField
            label="Flag"
            value={logoPath}
            onChange={(e) => setLogoPath(e.target.value)}
            hint="The flag shown beside the country."
          >
            <option value="">No flag</option>
            {logos.map((l) => (
              <option key={l.Path} value={l.Path}>
                {l.DisplayName}
              </option>
            ))}
          </SelectField>
        )}
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}
