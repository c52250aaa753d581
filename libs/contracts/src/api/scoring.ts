import Type from 'typebox';

import { TextLimits } from './common';

// API contracts of the scoring service.

/**
 * The words of the index answers, as JSON Schema enums (the values libs/scoring-rules computes;
 * services/scoring/test pins the two equal). Types stay strings: the enums describe, they do not narrow.
 */
export const INDEX_CATEGORIES = ['Very High', 'High', 'Medium', 'Low', 'Unscored', 'Not Defined'] as const;
export const MAP_CATEGORIES = [
  'Very High',
  'High',
  'Medium',
  'Low',
  'Suspended',
  'Insufficient Legal Analysis',
  'No data available',
] as const;
export const ASU_VALUES = ['Eligible', 'Not Eligible'] as const;
export const ASU_CONDITION_RESULTS = ['Yes', 'No', '-'] as const;
export const PBA_LEVELS = ['Level I', 'Level II', 'Level III'] as const;

/* @__NO_SIDE_EFFECTS__ */
const Nullable = <T extends Type.TSchema>(t: T, description?: string) => Type.Union([t, Type.Null()], description ? { description } : {});
// the editors' and admin screens' schemas (not in the public API's reference)
const UndescribedNullableNumber = Nullable(Type.Number());
const UndescribedNullableString = Nullable(Type.String());
/* @__NO_SIDE_EFFECTS__ */
const NullableNumber = (description: string) => Nullable(Type.Number(), description);
/* @__NO_SIDE_EFFECTS__ */
const NullableString = (description: string) => Nullable(Type.String(), description);
/* @__NO_SIDE_EFFECTS__ */
const Str = (description: string) => Type.String({ description });
/* @__NO_SIDE_EFFECTS__ */
const Num = (description: string) => Type.Number({ description });
/* @__NO_SIDE_EFFECTS__ */
const Bool = (description: string) => Type.Boolean({ description });
/* @__NO_SIDE_EFFECTS__ */
const OneOf = (values: readonly string[], description: string) => Type.String({ enum: [...values], description });

// the fields every country answer names the same way
/* @__NO_SIDE_EFFECTS__ */
const Id = () => Str('The country group’s id (a UUID): the GroupId of the other answers and of the country’s own routes');
/* @__NO_SIDE_EFFECTS__ */
const CountryName = (what = 'The country’s name') => Str(what);
/* @__NO_SIDE_EFFECTS__ */
const Logo = () => NullableString('Path of the country’s flag image on this site, or null');
/* @__NO_SIDE_EFFECTS__ */
const IsoCode = () => NullableString('ISO 3166-1 alpha-2 code of the country, or null when the group has none');
/* @__NO_SIDE_EFFECTS__ */
const Score = (what = 'Compliance Index score, 0 to 100 (0 with Category Unscored when the country has no score)') => Num(what);
/* @__NO_SIDE_EFFECTS__ */
const Category = () =>
  OneOf(
    INDEX_CATEGORIES,
    'Category of the score: its band (Very High ≥ 87, High ≥ 75, Medium, Low above 0), Unscored for no score, Not Defined outside 0 to 100',
  );
/* @__NO_SIDE_EFFECTS__ */
const PeriodName = () => NullableString('Name of the period the figures belong to (e.g. "2025 March"), or null before any');
/* @__NO_SIDE_EFFECTS__ */
const PeriodKey = () => NullableString('Id of that period (a UUID), or null');
/* @__NO_SIDE_EFFECTS__ */
const Demo = () => Bool('True for the demonstration data of a demo installation');
/* @__NO_SIDE_EFFECTS__ */
const Input = (letter: string) =>
  NullableNumber(`Variable ${letter}, 0 to 5 in steps of .5; null when the caller may not see the scorecard’s details`);
/* @__NO_SIDE_EFFECTS__ */
const Html = (what: string) => NullableString(`${what} (sanitized HTML), or null`);

/** What the caller may see of one country (libs/access index rules), sent with each scorecard. */
export const ScorecardAccessView = Type.Object(
  {
    open: Bool('The caller may open this scorecard at all'),
    details: Bool('The caller sees the variables A to F and the comments'),
    watchlist: Bool('The caller sees the watchlist flag and its notice'),
    annotations: Bool('The caller may read the annotations of this country'),
    documents: Bool('The caller may read the country’s supporting documents'),
    history: Bool('The caller may read the country’s score history'),
    cftDownload: Bool('The caller may download a certified-for-transaction scorecard'),
  },
  { description: 'What the caller may see of this country, by their roles' },
);
export type ScorecardAccessView = Type.Static<typeof ScorecardAccessView>;

/** Group index row plus what the list needs to link and mark rows. */
export const GroupIndexRow = Type.Object(
  {
    GroupId: Id(),
    Group: CountryName(),
    LogoPath: Logo(),
    CountryId: IsoCode(),
    Watchlist: Bool('On the watchlist (false for callers who may not see the watchlist)'),
    /** 0 with Category 'Unscored' when the country has no score. */
    Score: Score(),
    Category: Category(),
    IsSpecialNotice: Bool('A special notice is shown with the country (it ranks one point higher in the list)'),
    QualifyingDeclarations: Bool('The country made the qualifying declarations of the Cape Town Convention'),
    Suspended: Bool('The country’s score is suspended'),
    ASU: Nullable(OneOf(ASU_VALUES, 'Eligible'), 'Aircraft Sector Understanding assessment: Eligible or Not Eligible; null when unscored'),
    PBA: NullableNumber('Precedent-based adjustment: 1, 2 or 3 (adjustments .3, .5, .7), or null'),
    Period: PeriodName(),
    PeriodId: PeriodKey(),
    Scored: Bool('The country has a score above 0'),
    /** The one group whose scorecard is open to everyone. */
    IsPublic: Bool('The one country whose scorecard is open to everyone'),
    IsDemo: Demo(),
  },
  { description: 'One contracting state on the Compliance Index' },
);
export type GroupIndexRow = Type.Static<typeof GroupIndexRow>;
export const GroupIndexList = Type.Array(GroupIndexRow, { description: 'The Compliance Index: one row per contracting state' });

/** Country scorecard. Parts the caller may not see are null (see Access). */
export const Scorecard = Type.Object(
  {
    GroupId: Id(),
    Name: CountryName(),
    LogoPath: Logo(),
    CountryId: IsoCode(),
    /** Contracting state (Compliance Index) or not (Enforceability Index). */
    Contracting: Bool('A contracting state (on the Compliance Index); false for a country on the Enforceability Index'),
    Scored: Bool('The country has a score above 0'),
    Score: Score(),
    Category: Category(),
    ASU: Nullable(OneOf(ASU_VALUES, 'Eligible'), 'Aircraft Sector Understanding assessment, or null when unscored'),
    Suspended: Bool('The country’s score is suspended'),
    isPBA: Nullable(Type.Boolean(), 'A precedent-based adjustment applies; null when hidden from the caller'),
    PBA: NullableNumber('Precedent-based adjustment: 1, 2 or 3, or null'),
    /** 'Level I', 'Level II' or 'Level III' when isPBA is ticked. */
    PBALevel: Nullable(OneOf(PBA_LEVELS, 'Level I'), 'The adjustment’s level when isPBA is true, else null'),
    A: Input('A (implementation in national law)'),
    B: Input('B (compliance in practice)'),
    C: Input('C (respect for foreign law and forums)'),
    D: Input('D (rule-based contract interpretation)'),
    E: Input('E (application of new commercial laws)'),
    F: Input('F (timely repossession)'),
    IsSpecialNotice: Bool('A special notice is shown with the country'),
    Notice: Html('The watchlist or special notice'),
    Watchlist: Bool('On the watchlist (false for callers who may not see the watchlist)'),
    QualifyingDeclarations: Bool('The country made the qualifying declarations'),
    /** Sanitized HTML. */
    ExplanatoryComments: Html('Explanatory comments'),
    ImprovingScore: Html('How the country could improve its score'),
    Acknowledgements: Html('Acknowledgements'),
    AnnotationName: NullableString('File name of the country’s annotation, or null'),
    Period: PeriodName(),
    PeriodId: PeriodKey(),
    QuestionnaireId: NullableString('Id of the questionnaire the scores come from, or null'),
    UpdatedOn: NullableString('When the scores were last saved (ISO 8601), or null'),
    IsDemo: Demo(),
    Access: ScorecardAccessView,
  },
  { description: 'A country’s Compliance Index scorecard; what the caller may not see is null (see Access)' },
);
export type Scorecard = Type.Static<typeof Scorecard>;

/** Why a score moved between two periods (the explained history). */
export const ScoreChangeExplanation = Type.Object(
  {
    scoreFrom: Num('Score of the period before'),
    scoreTo: Num('Score of this period'),
    delta: Num('scoreTo − scoreFrom'),
    moves: Type.Array(
      Type.Object(
        {
          variable: OneOf(['A', 'B', 'C', 'D', 'E', 'F'], 'The variable that moved'),
          from: Num('Its value the period before'),
          to: Num('Its value this period'),
          points: Num('Points of the score this move accounts for'),
        },
        { description: 'One variable that moved' },
      ),
      { description: 'The variables that moved, each with its share of the change' },
    ),
    levelFrom: Num('Precedent-based adjustment level the period before (0 for none)'),
    levelTo: Num('Precedent-based adjustment level this period (0 for none)'),
    levelPoints: Num('Points of the change due to the adjustment level'),
    roundingPoints: Num('Points due to rounding to the nearest half'),
    categoryFrom: OneOf(INDEX_CATEGORIES, 'Category the period before'),
    categoryTo: OneOf(INDEX_CATEGORIES, 'Category this period'),
  },
  { description: 'Why the score moved since the period before' },
);
export type ScoreChangeExplanation = Type.Static<typeof ScoreChangeExplanation>;

/** Score history row (Period, Score) with the inputs and the explanation of the change. */
export const ScoreHistoryRow = Type.Object(
  {
    PeriodId: Str('Id of the period (a UUID)'),
    Period: Str('Name of the period'),
    Year: NullableNumber('Year of the period, or null'),
    Score: Score('Compliance Index score of the period, 0 to 100'),
    Category: Category(),
    A: Num('Variable A of the period, 0 to 5'),
    B: Num('Variable B of the period, 0 to 5'),
    C: Num('Variable C of the period, 0 to 5'),
    D: Num('Variable D of the period, 0 to 5'),
    E: Num('Variable E of the period, 0 to 5'),
    F: Num('Variable F of the period, 0 to 5'),
    isPBA: Bool('A precedent-based adjustment applied'),
    PBA: NullableNumber('The adjustment: 1, 2 or 3, or null'),
    Suspended: Bool('The score was suspended'),
    Watchlist: Bool('On the watchlist that period (false for callers who may not see the watchlist)'),
    Notice: Html('The watchlist or special notice of the period'),
    ExplanatoryComments: Html('Explanatory comments of the period'),
    /** Null for the first scored period. */
    Explanation: Nullable(ScoreChangeExplanation, 'Why the score moved since the period before; null for the first scored period'),
  },
  { description: 'A country’s scores in one period' },
);
export type ScoreHistoryRow = Type.Static<typeof ScoreHistoryRow>;
export const ScoreHistory = Type.Array(ScoreHistoryRow, { description: 'A country’s scored periods, oldest first' });

/* @__NO_SIDE_EFFECTS__ */
const EnforceabilityCategory = () =>
  OneOf(INDEX_CATEGORIES, 'Category of the score: its band (Very High ≥ 87, High ≥ 75, Medium ≥ 50, Low above 0), or Unscored');
/* @__NO_SIDE_EFFECTS__ */
const EnforceabilityScore = () => Num('Enforceability Index score, 0 to 100 (0 when unscored)');

/** Enforceability Index row (non-CTC countries). */
export const EnforceabilityRow = Type.Object(
  {
    GroupId: Id(),
    Group: CountryName(),
    LogoPath: Logo(),
    CountryId: IsoCode(),
    Score: EnforceabilityScore(),
    Category: EnforceabilityCategory(),
    Scored: Bool('The country has a score above 0'),
    Period: PeriodName(),
    PeriodId: PeriodKey(),
    IsDemo: Demo(),
  },
  { description: 'One country on the Enforceability Index (not a contracting state)' },
);
export type EnforceabilityRow = Type.Static<typeof EnforceabilityRow>;
export const EnforceabilityList = Type.Array(EnforceabilityRow, { description: 'The Enforceability Index: one row per country' });

/* @__NO_SIDE_EFFECTS__ */
const EnforceabilityInput = (letter: string) => NullableNumber(`Variable ${letter}, 0 to 5 in steps of .5, or null`);

/** Enforceability country page. */
export const EnforceabilityScorecard = Type.Object(
  {
    GroupId: Id(),
    Name: CountryName(),
    LogoPath: Logo(),
    CountryId: IsoCode(),
    Contracting: Bool('A contracting state (false: the country stands on the Enforceability Index)'),
    /** False: 'This group does not yet have enforceability scores for the current period.' */
    HasScores: Bool('The country has enforceability scores for the current period'),
    A: EnforceabilityInput('A (respect for foreign law and forums)'),
    B: EnforceabilityInput('B (rule-based contract interpretation)'),
    C: EnforceabilityInput('C (repossession outside insolvency)'),
    D: EnforceabilityInput('D (repossession in insolvency)'),
    ExplanatoryComments: Html('Explanatory comments'),
    ImprovingScore: Html('How the country could improve its score'),
    Acknowledgements: Html('Acknowledgements'),
    Score: EnforceabilityScore(),
    Category: EnforceabilityCategory(),
    Period: PeriodName(),
    PeriodId: PeriodKey(),
    UpdatedOn: NullableString('When the scores were last saved (ISO 8601), or null'),
    IsDemo: Demo(),
    Access: ScorecardAccessView,
  },
  { description: 'A country’s Enforceability Index scorecard' },
);
export type EnforceabilityScorecard = Type.Static<typeof EnforceabilityScorecard>;

export const EnforceabilityHistoryRow = Type.Object(
  {
    PeriodId: Str('Id of the period (a UUID)'),
    Period: Str('Name of the period'),
    Year: NullableNumber('Year of the period, or null'),
    Score: EnforceabilityScore(),
    Category: EnforceabilityCategory(),
    A: Num('Variable A of the period, 0 to 5'),
    B: Num('Variable B of the period, 0 to 5'),
    C: Num('Variable C of the period, 0 to 5'),
    D: Num('Variable D of the period, 0 to 5'),
  },
  { description: 'A country’s Enforceability Index scores in one period' },
);
export type EnforceabilityHistoryRow = Type.Static<typeof EnforceabilityHistoryRow>;
export const EnforceabilityHistory = Type.Array(EnforceabilityHistoryRow, { description: 'A country’s scored periods, oldest first' });

/* @__NO_SIDE_EFFECTS__ */
const Condition = (what: string) => OneOf(ASU_CONDITION_RESULTS, `${what}: Yes, No, or - when the variable is not known`);

/** ASU country row. */
export const AsuRow = Type.Object(
  {
    GroupId: Id(),
    Group: CountryName(),
    LogoPath: Logo(),
    CountryId: IsoCode(),
    Watchlist: Bool('On the watchlist (false for callers who may not see the watchlist)'),
    ASU: Nullable(OneOf(ASU_VALUES, 'Eligible'), 'The assessment: Eligible when all three conditions hold; null when unscored'),
    Suspended: Bool('The country’s score is suspended'),
    QualifyingDeclarations: Bool('The country made the qualifying declarations'),
    /** Null for people who may not see the country's scorecard details; the conditions are always given. */
    A: NullableNumber('Variable A, or null for callers who may not see the scorecard’s details'),
    B: NullableNumber('Variable B, or null for callers who may not see the scorecard’s details'),
    /** 'Yes', 'No' or '-' (scoring-rules asuConditions). */
    Condition1: Condition('Condition 1, qualifying declarations made'),
    Condition2: Condition('Condition 2, A ≥ 4'),
    Condition3: Condition('Condition 3, B ≥ 3'),
    Scored: Bool('The country has a score above 0'),
    IsPublic: Bool('The one country whose scorecard is open to everyone'),
  },
  { description: 'One country’s Aircraft Sector Understanding assessment' },
);
export type AsuRow = Type.Static<typeof AsuRow>;
export const AsuList = Type.Array(AsuRow, { description: 'The ASU assessment: one row per contracting state' });

/** One country on the compliance map. */
export const MapCountry = Type.Object(
  {
    GroupId: Id(),
    Name: CountryName(),
    CountryId: Str('ISO 3166-1 alpha-2 code of the country (the map’s shape)'),
    Score: Score(),
    /** One of the legend's classes (scoring-rules MAP_LEGEND). */
    MapCategory: OneOf(MAP_CATEGORIES, 'The map legend’s class of the country'),
    Category: Category(),
    Watchlist: Bool('On the watchlist (false for callers who may not see the watchlist)'),
    IsPublic: Bool('The one country whose scorecard is open to everyone'),
  },
  { description: 'One country on the compliance map' },
);
export type MapCountry = Type.Static<typeof MapCountry>;
export const MapData = Type.Object(
  {
    Period: PeriodName(),
    Countries: Type.Array(MapCountry, { description: 'Every country the map colours' }),
  },
  { description: 'The compliance map' },
);
export type MapData = Type.Static<typeof MapData>;

/**
 * The public landing page's facts (no sign-in): the period the index shows, how many
 * contracting states it covers, each state's map class (no scores, no watchlist flags:
 * those are for the roles of the watchlist rule) and the newest headlines.
 */
export const PublicMapCountry = Type.Object({
  GroupId: Id(),
  Name: CountryName(),
  CountryId: Str('ISO 3166-1 alpha-2 code of the country'),
  MapCategory: OneOf(MAP_CATEGORIES, 'The map legend’s class of the country'),
});
export type PublicMapCountry = Type.Static<typeof PublicMapCountry>;
export const PublicHeadline = Type.Object({
  /** `watchlist`: states placed on the watchlist in a period (counted, not named); `category`: a state changed category. */
  Kind: Type.Union([Type.Literal('watchlist'), Type.Literal('category')], {
    description: 'watchlist: states placed on the watchlist in a period (counted, not named); category: a state changed category',
  }),
  Period: Str('Name of the period'),
  Text: Str('The headline'),
});
export type PublicHeadline = Type.Static<typeof PublicHeadline>;
export const PublicIndexSummary = Type.Object({
  Period: PeriodName(),
  StatesCovered: Num('Contracting states the index covers'),
  StatesScored: Num('Contracting states with a score'),
  Countries: Type.Array(PublicMapCountry, { description: 'Each state’s map class' }),
  Headlines: Type.Array(PublicHeadline, { description: 'The newest headlines' }),
});
export type PublicIndexSummary = Type.Static<typeof PublicIndexSummary>;

/** Historical data page: one country's score in one period. */
export const HistoricalScoreRow = Type.Object(
  {
    GroupId: Id(),
    Country: CountryName(),
    CountryId: IsoCode(),
    LogoPath: Logo(),
    PeriodId: Str('Id of the period (a UUID)'),
    Period: Str('Name of the period'),
    Year: NullableNumber('Year of the period, or null'),
    Score: Score('Compliance Index score of the country in the period, 0 to 100'),
    Category: Category(),
    /** The map legend's class of the country in that period (scoring-rules `mapCategory`): the map of any period. */
    MapCategory: Str('Map legend class of the country in the period'),
    /** On the watchlist in that period (every role of the historical data page sees the watchlist). */
    Watchlist: Type.Boolean({ description: 'Whether the country was on the watchlist in the period' }),
  },
  { description: 'One country’s score in one period' },
);
export type HistoricalScoreRow = Type.Static<typeof HistoricalScoreRow>;
export const HistoricalScores = Type.Array(HistoricalScoreRow, { description: 'Every country’s score in every period' });

/** How many countries the compare view sets side by side. */
export const MAX_COMPARED_COUNTRIES = 8;

/** GET api/group/index/compare?groups=…: the group ids of up to eight Compliance Index countries, comma-separated. */
export const CompareQuery = Type.Object({
  groups: Type.String({ minLength: 1, maxLength: 1000, description: `Comma-separated group ids, 1 to ${MAX_COMPARED_COUNTRIES}` }),
});
export type CompareQuery = Type.Static<typeof CompareQuery>;

/** One period of a compared country: its score and category, and its variables where the caller may see them. */
export const ComparedPeriod = Type.Object({
  PeriodId: Type.String(),
  Period: Type.String(),
  Score: Type.Number(),
  Category: Type.String(),
  /** Null where the caller may not see this period's variables (details, and for past periods the history rule). */
  A: Input('A'),
  B: Input('B'),
  C: Input('C'),
  D: Input('D'),
  E: Input('E'),
  F: Input('F'),
  PBALevel: NullableString('Precedent-based adjustment level of the period, or null'),
});
export type ComparedPeriod = Type.Static<typeof ComparedPeriod>;

export const ComparedCountry = Type.Object({
  GroupId: Type.String(),
  Name: Type.String(),
  CountryId: IsoCode(),
  LogoPath: Logo(),
  /** What the caller may see of this country: its history as a chart, its variables. */
  Access: Type.Object({ history: Type.Boolean(), details: Type.Boolean() }),
  /** Its scored periods, oldest first. */
  Periods: Type.Array(ComparedPeriod),
});
export type ComparedCountry = Type.Static<typeof ComparedCountry>;

/** The compare view: the countries in the order asked, and every period any of them was scored in, oldest first. */
export const CompareScores = Type.Object({
  Periods: Type.Array(Type.Object({ PeriodId: Type.String(), Name: Type.String() })),
  Countries: Type.Array(ComparedCountry),
});
export type CompareScores = Type.Static<typeof CompareScores>;

/** Scoring inputs of one questionnaire, as the questionnaire editor edits them. */
export const QuestionnaireScoring = Type.Object({
  Id: Type.String(),
  GroupId: Type.String(),
  Entity: Type.String(),
  PeriodId: Type.String(),
  Period: Type.String(),
  Status: Type.String(),
  A: Type.Number(),
  B: Type.Number(),
  C: Type.Number(),
  D: Type.Number(),
  E: Type.Number(),
  F: Type.Number(),
  Suspended: Type.Boolean(),
  isPBA: Type.Boolean(),
  PBA: UndescribedNullableNumber,
  QualifyingDeclarations: Type.Boolean(),
  Watchlist: Type.Boolean(),
  IsSpecialNotice: Type.Boolean(),
  Notice: UndescribedNullableString,
  ExplanatoryComments: UndescribedNullableString,
  ImprovingScore: UndescribedNullableString,
  Acknowledgements: UndescribedNullableString,
  /** Null until first saved. */
  Score: UndescribedNullableNumber,
  Category: Type.String(),
  ASU: UndescribedNullableString,
  LastUpdated: UndescribedNullableString,
});
export type QuestionnaireScoring = Type.Static<typeof QuestionnaireScoring>;

/** Enforceability record of a country and period. */
export const EnforceabilityScoring = Type.Object({
  GroupId: Type.String(),
  PeriodId: Type.String(),
  Entity: Type.String(),
  Period: Type.String(),
  A: Type.Number(),
  B: Type.Number(),
  C: Type.Number(),
  D: Type.Number(),
  ExplanatoryComments: UndescribedNullableString,
  ImprovingScore: UndescribedNullableString,
  Acknowledgements: UndescribedNullableString,
  Score: UndescribedNullableNumber,
  Category: Type.String(),
  LastUpdated: UndescribedNullableString,
});
export type EnforceabilityScoring = Type.Static<typeof EnforceabilityScoring>;

/** Both editors' data for one questionnaire row. */
export const ScoringInputs = Type.Object({
  Questionnaire: QuestionnaireScoring,
  Enforceability: EnforceabilityScoring,
  Contracting: Type.Boolean(),
});
export type ScoringInputs = Type.Static<typeof ScoringInputs>;

/* @__NO_SIDE_EFFECTS__ */
const input = () => Type.Number({ description: '0 to 5 in steps of .5' });
// rich text, stored as sanitized HTML
/* @__NO_SIDE_EFFECTS__ */
const text = () => Type.Optional(Nullable(Type.String({ maxLength: TextLimits.html })));

/**
 * POST api/questionnaire/save. The spec's body is the whole questionnaire including
 * Score and Category; the server computes those itself and ignores what was sent.
 */
export const SaveQuestionnaireScoresBody = Type.Object(
  {
    Id: Type.String({ minLength: 1, maxLength: TextLimits.id }),
    A: input(),
    B: input(),
    C: input(),
    D: input(),
    E: input(),
    F: input(),
    Suspended: Type.Optional(Type.Boolean()),
    isPBA: Type.Optional(Type.Boolean()),
    PBA: Type.Optional(UndescribedNullableNumber),
    QualifyingDeclarations: Type.Optional(Type.Boolean()),
    Watchlist: Type.Optional(Type.Boolean()),
    IsSpecialNotice: Type.Optional(Type.Boolean()),
    Notice: text(),
    ExplanatoryComments: text(),
    ImprovingScore: text(),
    Acknowledgements: text(),
    Score: Type.Optional(Type.Unknown()),
    Category: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: true },
);
export type SaveQuestionnaireScoresBody = Type.Static<typeof SaveQuestionnaireScoresBody>;

/** POST api/questionnaire/enforceability/save (Score and Category are computed by the server). */
export const SaveEnforceabilityBody = Type.Object(
  {
    GroupId: Type.String({ minLength: 1, maxLength: TextLimits.id }),
    PeriodId: Type.String({ minLength: 1, maxLength: TextLimits.id }),
    /** The questionnaire whose editor saves it: when given, it must be that country's questionnaire of that period. */
    QuestionnaireId: Type.Optional(Type.String({ minLength: 1, maxLength: TextLimits.id })),
    A: input(),
    B: input(),
    C: input(),
    D: input(),
    ExplanatoryComments: text(),
    ImprovingScore: text(),
    Acknowledgements: text(),
    Score: Type.Optional(Type.Unknown()),
    Category: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: true },
);
export type SaveEnforceabilityBody = Type.Static<typeof SaveEnforceabilityBody>;

/** A country as the scoring service knows it, and on which index it stands. */
export const IndexCountryRow = Type.Object({
  GroupId: Type.String(),
  Name: Type.String(),
  CountryId: UndescribedNullableString,
  LogoPath: UndescribedNullableString,
  Contracting: Type.Boolean(),
});
export type IndexCountryRow = Type.Static<typeof IndexCountryRow>;
export const IndexCountryList = Type.Array(IndexCountryRow);
export const SetContractingBody = Type.Object({ Contracting: Type.Boolean() });
export type SetContractingBody = Type.Static<typeof SetContractingBody>;

/** POST api/print/scorecard and api/print/enforceability/scorecard: the scorecard's group (other fields ignored). */
export const PrintScorecardBody = Type.Object(
  { GroupId: Type.String({ minLength: 1, maxLength: TextLimits.id }) },
  { additionalProperties: true },
);
export type PrintScorecardBody = Type.Static<typeof PrintScorecardBody>;

export const ScorecardVariant = Type.Union([Type.Literal('compliance'), Type.Literal('enforceability')]);
export type ScorecardVariant = Type.Static<typeof ScorecardVariant>;

/** Answer texts of the scoring screens. */
export const ScoringMessages = {
  saved: 'Questionnaire Saved!',
  saveFailed: 'Failed to save the questionnaire. An error occurred.',
  printFailed: "An error occurred while getting the group's information.",
  countryFailed: 'An error happened while getting the country.',
  historyFailed: 'An error happened while getting the score history',
  mapFailed: 'A problem occurred loading the map.',
  noEnforceabilityScores: 'This group does not yet have enforceability scores for the current period.',
  uploaded: 'Document uploaded successfully',
  uploadFailed: 'An error occurred. Please try again later.',
  notUploaded: 'Document was not uploaded properly',
  closed: 'This questionnaire is closed. Open it to change its scores.',
  compareCount: `Choose between 1 and ${MAX_COMPARED_COUNTRIES} countries to compare.`,
  notOnComplianceIndex: 'This country is not on the Compliance Index.',
  enforceabilityMismatch: "This questionnaire is not that country's questionnaire of that period; the enforceability record was not saved.",
} as const;

/** Export file formats of the index data (CSV or Excel). */
export const ExportFormat = Type.Union([Type.Literal('csv'), Type.Literal('xlsx')], {
  description: 'csv: comma-separated values, UTF-8, streamed row by row; xlsx: an Excel workbook',
});
export type ExportFormat = Type.Static<typeof ExportFormat>;
export const ExportQuery = Type.Object({ format: ExportFormat });
export type ExportQuery = Type.Static<typeof ExportQuery>;
/** GET api/group/index/export/compare: the compare view's countries (as `CompareQuery`) in one format. */
export const CompareExportQuery = Type.Object({ format: ExportFormat, groups: CompareQuery.properties.groups });
export type CompareExportQuery = Type.Static<typeof CompareExportQuery>;

/** The exports (GET api/group/index/export/...) and the file each one downloads. */
export const ExportPaths = {
  indexList: 'api/group/index/export/list',
  enforceability: 'api/group/index/export/enforceability',
  history: 'api/group/index/export/history',
  asu: 'api/group/index/export/asu',
  scoreHistory: (groupId: string) => `api/group/index/export/${encodeURIComponent(groupId)}/scores`,
  everything: 'api/group/index/export/everything',
  compare: (groupIds: readonly string[]) => `api/group/index/export/compare?groups=${groupIds.map(encodeURIComponent).join(',')}`,
} as const;

export const ExportMessages = {
  everythingForbidden: 'The full download is for Enhanced subscribers and working-group members.',
  failed: 'The export could not be downloaded. Please try again.',
} as const;

/**
 * The index's read routes, paths under `/api`: scoring serves each one, and the gateway's
 * `/api/v1` offers every one but the public summary to personal API keys. One table, so a
 * read route added to scoring is described (and reachable by key) the same on both sides.
 */
export const IndexReadRoutes = {
  list: { path: '/group/index/list', tag: 'index', summary: 'Compliance Index: one row per contracting state', response: GroupIndexList },
  asu: { path: '/group/index/asu', tag: 'index', summary: 'ASU (Aircraft Sector Understanding) assessment rows', response: AsuList },
  map: { path: '/group/index/map', tag: 'index', summary: 'Compliance map: the class of each country', response: MapData },
  publicSummary: {
    path: '/group/index/public',
    tag: 'index',
    summary: 'Public summary: period, states covered, map classes and headlines',
    response: PublicIndexSummary,
  },
  history: {
    path: '/group/index/history',
    tag: 'index',
    summary: 'Historical data: every country score per period',
    response: HistoricalScores,
  },
  enforceabilityList: {
    path: '/group/index/enforceability/list',
    tag: 'enforceability',
    summary: 'Enforceability Index rows',
    response: EnforceabilityList,
  },
  enforceability: {
    path: '/group/index/enforceability/:groupId',
    tag: 'enforceability',
    summary: 'A country’s Enforceability scorecard',
    response: EnforceabilityScorecard,
  },
  enforceabilityScores: {
    path: '/group/index/enforceability/:groupId/scores',
    tag: 'enforceability',
    summary: 'A country’s Enforceability score history',
    response: EnforceabilityHistory,
  },
  scorecard: { path: '/group/index/:groupId', tag: 'index', summary: 'A country’s Compliance Index scorecard', response: Scorecard },
  scores: { path: '/group/index/:groupId/scores', tag: 'index', summary: 'A country’s explained score history', response: ScoreHistory },
} as const;

/**
 * The exports of the index data (CSV streamed row by row, Excel, or a ZIP of everything), paths
 * under `/api`: scoring serves each one (`format` picks CSV or Excel), narrowed like the screens
 * they export, and the gateway's `/api/v1` offers every one to personal API keys.
 */
export const IndexExportRoutes = {
  list: { path: '/group/index/export/list', summary: 'Compliance Index list as CSV or Excel', withFormat: true },
  enforceability: { path: '/group/index/export/enforceability', summary: 'Enforceability Index list as CSV or Excel', withFormat: true },
  history: { path: '/group/index/export/history', summary: 'Historical data as CSV or Excel', withFormat: true },
  asu: { path: '/group/index/export/asu', summary: 'ASU assessment as CSV or Excel', withFormat: true },
  scores: { path: '/group/index/export/:groupId/scores', summary: 'A country’s score history as CSV or Excel', withFormat: true },
  everything: {
    path: '/group/index/export/everything',
    summary: 'Everything the caller may see, as a ZIP of CSV and Excel files',
    withFormat: false,
  },
} as const;

/** The index read routes personal API keys reach (`/api/v1` + path): all but the public summary, which needs no key. */
export const API_KEY_READ_ROUTES = /* @__PURE__ */ Object.values(IndexReadRoutes).filter(
  (route) => route.path !== IndexReadRoutes.publicSummary.path,
);

/**
 * The index's lists, the same for every reader of one audience: scoring marks each answer of
 * these with its audience (`SurrogateHeaders`), and the gateway may answer others of that
 * audience with it for up to a second.
 */
export const AUDIENCE_SHARED_READ_PATHS: readonly string[] = /* @__PURE__ */ [
  IndexReadRoutes.list,
  IndexReadRoutes.asu,
  IndexReadRoutes.map,
].map((route) => `/api${route.path}`);

/**
 * The core-NATS signal every scoring replica gives once it has dropped its own kept read models
 * after a rebuild committed (anywhere): every gateway then forgets the answers it keeps, so a score
 * saved through one gateway is read at once through any other. A gateway that misses it (NATS away)
 * keeps an answer no longer than its time to live (at most a second).
 */
export const READ_MODELS_CHANGED_SIGNAL = { service: 'scoring', name: 'readModelsChanged' } as const;
