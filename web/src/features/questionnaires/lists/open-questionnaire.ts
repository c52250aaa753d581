import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { setCurrentQuestionnaire, type CurrentQuestionnaire } from '../current-questionnaire';

/** Makes a questionnaire the current one and goes to its first page (/questionnaire/participation). */
export function useOpenQuestionnaire() {
  const navigate = useNavigate();
  return useCallback(
    (target: CurrentQuestionnaire) => {
      setCurrentQuestionnaire(target);
      navigate('/questionnaire/participation');
    },
    [navigate],
  );
}
