/**
 * Conditional questions as data, and the one evaluator the web app
 * and the questionnaire service both run, so a question hidden in the browser is the
 * same question the server clears.
 *
 * Conditions name questions by their index within the same section (the spec's "q3").
 */
export type Condition =
  /** The single answer (radio, select, autocomplete) of question `question` is `is`. */
  | { question: number; is: number }
  /** The single answer is one of `isAnyOf`. */
  | { question: number; isAnyOf: number[] }
  /** The list answer (checkbox, tags) of question `question` includes `includes`. */
  | { question: number; includes: number }
  /** Whether the State has lodged the IDERA declaration (Article XIII). */
  | { ideraDeclaration: boolean }
  | { all: Condition[] }
  | { not: Condition };

/** An answer: a single option id or number, a list of option ids, text or a date. */
export type AnswerModel = string | number | number[] | null;

export interface ConditionContext {
  ideraDeclaration: boolean;
}

export interface ConditionalQuestion {
  Index: number;
  ShowIf?: Condition | null;
}

export function conditionHolds(condition: Condition, answers: ReadonlyMap<number, AnswerModel>, context: ConditionContext): boolean {
  if ('all' in condition) return condition.all.every((c) => conditionHolds(c, answers, context));
  if ('not' in condition) return !conditionHolds(condition.not, answers, context);
  if ('ideraDeclaration' in condition) return context.ideraDeclaration === condition.ideraDeclaration;
  const answer = answers.get(condition.question) ?? null;
  if ('is' in condition) return answer === condition.is;
  if ('isAnyOf' in condition) return typeof answer === 'number' && condition.isAnyOf.includes(answer);
  return Array.isArray(answer) && answer.includes(condition.includes);
}

/**
 * Which questions of one section show, given the answers: questions are taken in
 * order and each condition sees the answers that remain after earlier hidden
 * questions were cleared (a hidden q1 also hides the q2 that depends on it).
 * Returns the visible indexes and the answers with every hidden one cleared.
 */
export function applyConditions<Q extends ConditionalQuestion>(
  questions: readonly Q[],
  answers: ReadonlyMap<number, AnswerModel>,
  context: ConditionContext,
): { visible: Set<number>; answers: Map<number, AnswerModel> } {
  const effective = new Map<number, AnswerModel>();
  const visible = new Set<number>();
  for (const q of [...questions].sort((a, b) => a.Index - b.Index)) {
    const shows = !q.ShowIf || conditionHolds(q.ShowIf, effective, context);
    if (shows) visible.add(q.Index);
    effective.set(q.Index, shows ? (answers.get(q.Index) ?? null) : null);
  }
  return { visible, answers: effective };
}

/** An answer that carries nothing (unanswered). */
/* @__NO_SIDE_EFFECTS__ */
export const isEmptyAnswer = (model: AnswerModel | undefined): boolean =>
  model === null || model === undefined || model === '' || (Array.isArray(model) && model.length === 0);

/** Answers compared by value, with empty answers equal to each other and list order ignored. */
export function sameAnswer(a: AnswerModel | undefined, b: AnswerModel | undefined): boolean {
  if (isEmptyAnswer(a) && isEmptyAnswer(b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    const sorted = [...b].sort((x, y) => x - y);
    return [...a].sort((x, y) => x - y).every((v, i) => v === sorted[i]);
  }
  return a === b;
}

/**
 * An answer as people read it: option labels (lists joined with "; "), dates as days.
 * Rich text is handed to `richText` (the server makes it plain text, the web keeps HTML).
 */
export function answerAsText(
  type: string,
  model: AnswerModel | undefined,
  optionLabel: (id: number) => string | undefined,
  richText: (html: string) => string = (html) => html,
): string | null {
  if (model === undefined || isEmptyAnswer(model)) return null;
  const label = (id: number) => optionLabel(id) ?? String(id);
  switch (type) {
    case 'select':
    case 'radio':
    case 'autocomplete':
      return typeof model === 'number' ? label(model) : String(model);
    case 'checkbox':
    case 'tags':
      return Array.isArray(model) ? model.map(label).join('; ') : String(model);
    case 'date':
      return typeof model === 'string' ? model.slice(0, 10) : String(model);
    case 'wysiwyg':
      return typeof model === 'string' ? richText(model) : String(model);
    default:
      return String(model);
  }
}
