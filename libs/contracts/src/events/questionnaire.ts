import type { TSchema } from 'typebox';

/** Events published by the questionnaire service (subject = key). */
export const QuestionnaireEvents = {} as const satisfies Record<string, TSchema>;
