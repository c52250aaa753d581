import { QUESTIONNAIRE_STEPS, type QuestionnaireStep } from '@cti/contracts';

export const stepUrl = (step: QuestionnaireStep) => `/questionnaire/${step.path}`;

/** The step a /questionnaire/... path shows, if any. */
export const stepOfPath = (pathname: string) => QUESTIONNAIRE_STEPS.find((s) => stepUrl(s) === pathname.replace(/\/+$/, ''));

/** Back and Next go to the neighbouring page of the sequence. */
export function neighbours(step: QuestionnaireStep): { previous: QuestionnaireStep | null; next: QuestionnaireStep | null } {
  const at = QUESTIONNAIRE_STEPS.indexOf(step);
  return { previous: QUESTIONNAIRE_STEPS[at - 1] ?? null, next: QUESTIONNAIRE_STEPS[at + 1] ?? null };
}
