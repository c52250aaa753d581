import Type from 'typebox';

const Nullable = <T extends Type.TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** What a country's Compliance Index scorecard shows: its latest scored period. */
export const ScorecardFacts = Type.Object({
  periodId: Type.String(),
  periodName: Type.String(),
  A: Type.Number(),
  B: Type.Number(),
  C: Type.Number(),
  D: Type.Number(),
  E: Type.Number(),
  F: Type.Number(),
  isPBA: Type.Boolean(),
  PBA: Nullable(Type.Number()),
  score: Type.Number(),
  category: Type.String(),
  watchlist: Type.Boolean(),
  isSpecialNotice: Type.Boolean(),
  /** The notice (sanitized HTML) shown with the watchlist or special notice. */
  notice: Nullable(Type.String()),
  suspended: Type.Boolean(),
  qualifyingDeclarations: Type.Boolean(),
  /** Eligible / Not Eligible (the ASU assessment). */
  asu: Nullable(Type.String()),
});
export type ScorecardFacts = Type.Static<typeof ScorecardFacts>;

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
    /**
     * The country's scorecard before and after this save (absent on events recorded
     * before it was added). A save of an older period leaves the scorecard as it was.
     */
    scorecard: Type.Optional(Type.Object({ before: Nullable(ScorecardFacts), after: Nullable(ScorecardFacts) })),
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
