import Type from 'typebox';

const Nullable = <T extends Type.TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** Events published by the scoring service (subject = key). */
export const ScoringEvents = {
  'evt.scoring.scores.saved': Type.Object({
    questionnaireId: Type.String(),
    groupId: Type.String(),
    groupName: Type.String(),
    periodId: Type.String(),
    periodName: Type.String(),
    score: Nullable(Type.Number()),
    category: Type.String(),
    previousScore: Nullable(Type.Number()),
  }),
  'evt.scoring.enforceability.saved': Type.Object({
    groupId: Type.String(),
    groupName: Type.String(),
    periodId: Type.String(),
    periodName: Type.String(),
    score: Nullable(Type.Number()),
    category: Type.String(),
  }),
  /** An admin moved a country between the Compliance Index (contracting state) and the Enforceability Index. */
  'evt.scoring.country.reclassified': Type.Object({
    groupId: Type.String(),
    groupName: Type.String(),
    contracting: Type.Boolean(),
  }),
};
