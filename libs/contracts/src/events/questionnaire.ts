import Type from 'typebox';

const Nullable = <T extends Type.TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** Where in the questionnaire something happened; every questionnaire event carries it. */
const At = {
  questionnaireId: Type.String(),
  groupId: Type.String(),
  /** Country name. */
  groupName: Type.String(),
  periodId: Type.String(),
  periodName: Type.String(),
};

/** Events published by the questionnaire service (subject = key). */
export const QuestionnaireEvents = {
  'evt.questionnaire.period.opened': Type.Object({
    periodId: Type.String(),
    name: Type.String(),
    createdAt: Type.String(),
    closedQuestionnaireIds: Type.Array(Type.String()),
    openedQuestionnaireIds: Type.Array(Type.String()),
  }),
  'evt.questionnaire.questionnaire.created': Type.Object({ ...At }),
  'evt.questionnaire.questionnaire.opened': Type.Object({ ...At }),
  'evt.questionnaire.questionnaire.closed': Type.Object({ ...At, closedOn: Type.String() }),
  /** One per answer that changed in a section save: the change record of the audit log. */
  'evt.questionnaire.answer.saved': Type.Object({
    ...At,
    sectionId: Type.Number(),
    questionId: Type.String(),
    /** The question's text (plain text). */
    question: Type.String(),
    /** Answers as display text (option labels joined, dates formatted). */
    before: Nullable(Type.String()),
    after: Nullable(Type.String()),
    /** The section's version after the save (an open page based on an older one is stale). */
    sectionVersion: Type.Optional(Type.Integer()),
    /** Set when the answer was cleared by a save in another section (its question became hidden). */
    clearedBySectionId: Type.Optional(Type.Number()),
  }),
  'evt.questionnaire.consent.given': Type.Object({
    ...At,
    userId: Type.String(),
    answer: Type.Union([Type.Literal('Yes'), Type.Literal('No')]),
  }),
  'evt.questionnaire.approval.added': Type.Object({ ...At, userId: Type.String(), name: Type.String(), organizationName: Type.String() }),
  'evt.questionnaire.section.locked': Type.Object({ ...At, sectionId: Type.Number(), userId: Type.String() }),
  'evt.questionnaire.section.unlocked': Type.Object({ ...At, sectionId: Type.Number(), userId: Type.String() }),
  'evt.questionnaire.adminComment.saved': Type.Object({
    ...At,
    sectionId: Type.Number(),
    /** The note's version after the save. */
    version: Type.Optional(Type.Integer()),
  }),
  /** Carry-forward: a respondent confirmed a section unchanged since the period it started from. */
  'evt.questionnaire.section.confirmed': Type.Object({
    ...At,
    sectionId: Type.Number(),
    userId: Type.String(),
    carriedFromPeriodName: Type.String(),
  }),
};
