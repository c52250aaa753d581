import { answerAsText, type AnswerModel, type Question } from '@cti/contracts';

/** An answer as text (export, "previous answer" of carry-forward); rich text stays HTML. */
export const answerText = (question: Question, model: AnswerModel | undefined): string =>
  answerAsText(question.Type, model, (id) => question.Options?.find((o) => o.Id === id)?.Label) ?? '';

/** Dates are saved as YYYY-MM-DD HH:mm:ss; the date input gives a day. */
export const dayToModel = (day: string): AnswerModel => (day ? `${day} 00:00:00` : null);
export const modelToDay = (model: AnswerModel): string => (typeof model === 'string' ? model.slice(0, 10) : '');
