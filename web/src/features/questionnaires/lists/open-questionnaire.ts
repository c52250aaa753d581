import { useCallback } from 'react';
import { useNavigate } from 'react-router';

import { useAppSelector } from '../../../app/hooks';
import { selectUser } from '../../auth/auth-slice';
import { useChooseQuestionnaire, type CurrentQuestionnaire } from '../current-questionnaire';
import { questionnaireUrl } from '../shell/steps';

/**
 * Makes a questionnaire this tab's current one and goes into it: at its first page
 * (/questionnaire/{id}/participation), or at `path` (a page's path, e.g. `a/1`) to resume there.
 */
export function useOpenQuestionnaire() {
  const navigate = useNavigate();
  const user = useAppSelector(selectUser);
  const choose = useChooseQuestionnaire(user?.Id ?? null);
  return useCallback(
    (target: CurrentQuestionnaire, path = 'participation') => {
      choose(target);
      void navigate(questionnaireUrl(target.QuestionnaireId, path));
    },
    [choose, navigate],
  );
}
