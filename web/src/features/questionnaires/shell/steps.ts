import { QUESTIONNAIRE_STEPS, type QuestionnaireStep } from '@cti/contracts';

/** A page of one questionnaire: the id belongs in the address, so a link opens the same page in any tab. */
export const questionnaireUrl = (questionnaireId: string, path = 'participation') =>
  `/questionnaire/${encodeURIComponent(questionnaireId)}/${path}`;
export const stepUrl = (questionnaireId: string, step: QuestionnaireStep) => questionnaireUrl(questionnaireId, step.path);

/** The spec's address of a page (/questionnaire/a/1), without a questionnaire: the key of the navigation's lock map. */
export const legacyStepUrl = (step: QuestionnaireStep) => `/questionnaire/${step.path}`;

/**
 * The questionnaire and page a /questionnaire/... address names. The spec's addresses
 * (/questionnaire/participation, /questionnaire/a/1) name no questionnaire: `questionnaireId` is null.
 */
export function parseQuestionnairePath(pathname: string): { questionnaireId: string | null; step: QuestionnaireStep | undefined } {
  const rest = pathname.replace(/\/+$/, '').replace(/^\/questionnaire\/?/, '');
  const legacy = QUESTIONNAIRE_STEPS.find((s) => s.path === rest);
  if (legacy || !rest) return { questionnaireId: null, step: legacy };
  const [id, ...path] = rest.split('/');
  return { questionnaireId: decodeURIComponent(id), step: QUESTIONNAIRE_STEPS.find((s) => s.path === path.join('/')) };
}

/** Back and Next go to the neighbouring page of the sequence. */
export function neighbours(step: QuestionnaireStep): { previous: QuestionnaireStep | null; next: QuestionnaireStep | null } {
  const at = QUESTIONNAIRE_STEPS.indexOf(step);
  return { previous: QUESTIONNAIRE_STEPS[at - 1] ?? null, next: QUESTIONNAIRE_STEPS[at + 1] ?? null };
}
