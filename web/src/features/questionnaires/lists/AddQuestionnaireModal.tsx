import { useState } from 'react';

import { QuestionnaireListMessages } from '@cti/contracts';

import { Button, SelectField, Spinner } from '../../../components/form/fields';
import { Modal } from '../../../components/modal/Modal';
import { useToast } from '../../../components/toast/use-toast';
import { useAddQuestionnaireMutation, useCurrentPeriodQuery, useNeedQuestionnaireQuery } from '../questionnaire-api';

/** Create Questionnaire: a country that lacks one in the current period (its modal, validation rules and answer texts). */
export function AddQuestionnaireModal({ onClose }: { onClose(): void }) {
  const { data: countries, isLoading } = useNeedQuestionnaireQuery(undefined, { refetchOnMountOrArgChange: true });
  const { data: period } = useCurrentPeriodQuery();
  const [addQuestionnaire, adding] = useAddQuestionnaireMutation();
  const [countryId, setCountryId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();

  const save = async () => {
    if (!countryId) {
      setError(QuestionnaireListMessages.selectCountry);
      return;
    }
    const result = await addQuestionnaire(countryId);
    if ('data' in result && result.data) {
      toast.success(QuestionnaireListMessages.added);
      onClose();
    } else {
      toast.danger(QuestionnaireListMessages.addFailed, 5000);
    }
  };

  return (
    <Modal
      open
      title="Add Questionnaire"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void save()} busy={adding.isLoading}>
            Create
          </Button>
        </>
      }
    >
      {isLoading ? (
        <Spinner />
      ) : (
        <>
          <p>
            {period ? (
              <>
                Current period: <strong>{period.Name}</strong>.
              </>
            ) : (
              'There is no current period yet.'
            )}
          </p>
          {countries?.length ? (
            <SelectField
              label="Country"
              value={countryId}
              error={error ?? undefined}
              onChange={(e) => {
                setCountryId(e.target.value);
                setError(null);
              }}
            >
              <option value="">Select a country…</option>
              {countries.map((c) => (
                <option key={c.Id} value={c.Id}>
                  {c.Name}
                </option>
              ))}
            </SelectField>
          ) : (
            <>
              <p className="muted">Every country has a questionnaire for the current period.</p>
              {error && (
                <p className="field-error" role="alert">
                  {error}
                </p>
              )}
            </>
          )}
        </>
      )}
    </Modal>
  );
}
