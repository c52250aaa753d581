import { isEmptyAnswer, type AnswerModel, type Question } from '@cti/contracts';

/** An answer as text (export, "previous answer" of carry-forward); rich text stays HTML. */
export function answerText(question: Question, model: AnswerModel | undefined): string {
  if (model === undefined || isEmptyAnswer(model)) return '';
  const label = (id: number) => question.Options?.find((o) => o.Id === id)?.Label ?? String(id);
  switch (question.Type) {
    case 'select':
    case 'radio':
    case 'autocomplete':
      return typeof model === 'number' ? label(model) : String(model);
    case 'checkbox':
    case 'tags':
      return Array.isArray(model) ? model.map(label).join('; ') : String(model);
    case 'date':
      return typeof model === 'string' ? model.slice(0, 10) : String(model);
    default:
      return String(model);
  }
}

/** Dates are saved as YYYY-MM-DD HH:mm:ss (questionnaire §5); the date input gives a day. */
export const dayToModel = (day: string): AnswerModel => (day ? `${day} 00:00:00` : null);
export const modelToDay = (model: AnswerModel): string => (typeof model === 'string' ? model.slice(0, 10) : '');
