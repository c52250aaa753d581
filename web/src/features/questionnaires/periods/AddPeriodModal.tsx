import { useState } from 'react';

import { QuestionnaireListMessages } from '@cti/contracts';

import { Button, TextField } from '../../../components/form/fields';
import { Modal } from '../../../components/modal/Modal';
import { useToast } from '../../../components/toast/use-toast';
import { answerText as serverMessage } from '../../../lib/api-error';
import { useAddPeriodMutation } from '../questionnaire-api';

/** Add Period: name required (placeholder "2020 1st Q"); opening it closes every open questionnaire and opens new ones. */
export function AddPeriodModal({ onClose }: { onClose(): void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [addPeriod, { isLoading }] = useAddPeriodMutation();
  const toast = useToast();

  const save = async () => {
    if (!name.trim()) {
      setError(QuestionnaireListMessages.periodNameRequired);
      return;
    }
    const result = await addPeriod(name.trim());
    if ('data' in result && result.data) {
      toast.success(QuestionnaireListMessages.periodAdded);
      onClose();
    } else {
      const reason = 'error' in result ? serverMessage(result.error) : undefined;
      // a duplicate name is the user's to fix; anything else is the spec's generic failure
      if (reason && 'error' in result && (result.error as { status?: number }).status === 409) setError(reason);
      else toast.danger(QuestionnaireListMessages.periodFailed, 5000);
    }
  };

  return (
    <Modal
      open
      title="Add Period"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void save()} busy={isLoading}>
            {isLoading ? 'Opening the period…' : 'Add Period'}
          </Button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <TextField
          label="Name"
          placeholder="2020 1st Q"
          value={name}
          error={error ?? undefined}
          hint="Adding a period closes every open questionnaire and opens a new one for every country, starting from its last answers."
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
          autoFocus
        />
      </form>
    </Modal>
  );
}
