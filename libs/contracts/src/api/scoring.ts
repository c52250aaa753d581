import Type from 'typebox';

import { TextLimits } from './common';

// API contracts of the scoring service.

const Nullable = <T extends Type.TSchema>(t: T) => Type.Union([t, Type.Null()]);
const NullableNumber = Nullable(Type.Number());
const NullableString = Nullable(Type.String());

/** What the caller may see of one country (libs/access index rules), sent with each scorecard. */
export const ScorecardAccessView = Type.Object({
  open: Type.Boolean(),
  details: Type.Boolean(),
  watchlist: Type.Boolean(),
  annotations: Type.Boolean(),
  documents: Type.Boolean(),
  history: Type.Boolean(),
  cftDownload: Type.Boolean(),
});
export type ScorecardAccessView = Type.Static<typeof ScorecardAccessView>;

/** Group index row plus what the list needs to link and mark rows. */
export const GroupIndexRow = Type.Object({
  GroupId: Type.String(),
  Group: Type.String(),
  LogoPath: NullableString,
  /** ISO 3166-1 alpha-2 code. */
  CountryId: NullableString,
  Watchlist: Type.Boolean(),
  /** 0 with Category 'Unscored' when the country has no score. */
  Score: Type.Number(),
  Category: Type.String(),
  IsSpecialNotice: Type.Boolean(),
  QualifyingDeclarations: Type.Boolean(),
  Suspended: Type.Boolean(),
  ASU: NullableString,
  PBA: NullableNumber,
  Period: NullableString,
  PeriodId: NullableString,
  Scored: Type.Boolean(),
  /** The one group whose scorecard is open to everyone. */
  IsPublic: Type.Boolean(),
  IsDemo: Type.Boolean(),
});
export type GroupIndexRow = Type.Static<typeof GroupIndexRow>;
export const GroupIndexList = Type.Array(GroupIndexRow);

/** Country scorecard. Parts the caller may not see are null (see Access). */
export const Scorecard = Type.Object({
  GroupId: Type.String(),
  Name: Type.String(),
  LogoPath: NullableString,
  CountryId: NullableString,
  /** Contracting state (Compliance Index) or not (Enforceability Index). */
  Contracting: Type.Boolean(),
  Scored: Type.Boolean(),
  Score: Type.Number(),
  Category: Type.String(),
  ASU: NullableString,
  Suspended: Type.Boolean(),
  isPBA: Nullable(Type.Boolean()),
  PBA: NullableNumber,
  /** 'Level I', 'Level II' or 'Level III' when isPBA is ticked. */
  PBALevel: NullableString,
  A: NullableNumber,
  B: NullableNumber,
  C: NullableNumber,
  D: NullableNumber,
  E: NullableNumber,
  F: NullableNumber,
  IsSpecialNotice: Type.Boolean(),
  Notice: NullableString,
  Watchlist: Type.Boolean(),
  QualifyingDeclarations: Type.Boolean(),
  /** Sanitized HTML. */
  ExplanatoryComments: NullableString,
  ImprovingScore: NullableString,
  Acknowledgements: NullableString,
  AnnotationName: NullableString,
  Period: NullableString,
  PeriodId: NullableString,
  QuestionnaireId: NullableString,
  UpdatedOn: NullableString,
  IsDemo: Type.Boolean(),
  Access: ScorecardAccessView,
});
export type Scorecard = Type.Static<typeof Scorecard>;

/** Why a score moved between two periods (the explained history). */
export const ScoreChangeExplanation = Type.Object({
  scoreFrom: Type.Number(),
  scoreTo: Type.Number(),
  delta: Type.Number(),
  moves: Type.Array(Type.Object({ variable: Type.String(), from: Type.Number(), to: Type.Number(), points: Type.Number() })),
  levelFrom: Type.Number(),
  levelTo: Type.Number(),
  levelPoints: Type.Number(),
  roundingPoints: Type.Number(),
  categoryFrom: Type.String(),
  categoryTo: Type.String(),
});
export type ScoreChangeExplanation = Type.Static<typeof ScoreChangeExplanation>;

/** Score history row (Period, Score) with the inputs and the explanation of the change. */
export const ScoreHistoryRow = Type.Object({
  PeriodId: Type.String(),
  Period: Type.String(),
  Year: NullableNumber,
  Score: Type.Number(),
  Category: Type.String(),
  A: Type.Number(),
  B: Type.Number(),
  C: Type.Number(),
  D: Type.Number(),
  E: Type.Number(),
  F: Type.Number(),
  isPBA: Type.Boolean(),
  PBA: NullableNumber,
  Suspended: Type.Boolean(),
  Watchlist: Type.Boolean(),
  Notice: NullableString,
  ExplanatoryComments: NullableString,
  /** Null for the first scored period. */
  Explanation: Nullable(ScoreChangeExplanation),
});
export type ScoreHistoryRow = Type.Static<typeof ScoreHistoryRow>;
export const ScoreHistory = Type.Array(ScoreHistoryRow);

/** Enforceability Index row (non-CTC countries). */
export const EnforceabilityRow = Type.Object({
  GroupId: Type.String(),
  Group: Type.String(),
  LogoPath: NullableString,
  CountryId: NullableString,
  Score: Type.Number(),
  Category: Type.String(),
  Scored: Type.Boolean(),
  Period: NullableString,
  PeriodId: NullableString,
  IsDemo: Type.Boolean(),
});
export type EnforceabilityRow = Type.Static<typeof EnforceabilityRow>;
export const EnforceabilityList = Type.Array(EnforceabilityRow);

/** Enforceability country page. */
export const EnforceabilityScorecard = Type.Object({
  GroupId: Type.String(),
  Name: Type.String(),
  LogoPath: NullableString,
  CountryId: NullableString,
  Contracting: Type.Boolean(),
  /** False: 'This group does not yet have enforceability scores for the current period.' */
  HasScores: Type.Boolean(),
  A: NullableNumber,
  B: NullableNumber,
  C: NullableNumber,
  D: NullableNumber,
  ExplanatoryComments: NullableString,
  ImprovingScore: NullableString,
  Acknowledgements: NullableString,
  Score: Type.Number(),
  Category: Type.String(),
  Period: NullableString,
  PeriodId: NullableString,
  UpdatedOn: NullableString,
  IsDemo: Type.Boolean(),
  Access: ScorecardAccessView,
});
export type EnforceabilityScorecard = Type.Static<typeof EnforceabilityScorecard>;

export const EnforceabilityHistoryRow = Type.Object({
  PeriodId: Type.String(),
  Period: Type.String(),
  Year: NullableNumber,
  Score: Type.Number(),
  Category: Type.String(),
  A: Type.Number(),
  B: Type.Number(),
  C: Type.Number(),
  D: Type.Number(),
});
export type EnforceabilityHistoryRow = Type.Static<typeof EnforceabilityHistoryRow>;
export const EnforceabilityHistory = Type.Array(EnforceabilityHistoryRow);

/** ASU country row. */
export const AsuRow = Type.Object({
  GroupId: Type.String(),
  Group: Type.String(),
  LogoPath: NullableString,
  CountryId: NullableString,
  Watchlist: Type.Boolean(),
  ASU: NullableString,
  Suspended: Type.Boolean(),
  QualifyingDeclarations: Type.Boolean(),
  /** Null for people who may not see the country's scorecard details; the conditions are always given. */
  A: NullableNumber,
  B: NullableNumber,
  /** 'Yes', 'No' or '-' (scoring-rules asuConditions). */
  Condition1: Type.String(),
  Condition2: Type.String(),
  Condition3: Type.String(),
  Scored: Type.Boolean(),
  IsPublic: Type.Boolean(),
});
export type AsuRow = Type.Static<typeof AsuRow>;
export const AsuList = Type.Array(AsuRow);

/** One country on the compliance map. */
export const MapCountry = Type.Object({
  GroupId: Type.String(),
  Name: Type.String(),
  CountryId: Type.String(),
  Score: Type.Number(),
  /** One of the legend's classes (scoring-rules MAP_LEGEND). */
  MapCategory: Type.String(),
  Category: Type.String(),
  Watchlist: Type.Boolean(),
  IsPublic: Type.Boolean(),
});
export type MapCountry = Type.Static<typeof MapCountry>;
export const MapData = Type.Object({ Period: NullableString, Countries: Type.Array(MapCountry) });
export type MapData = Type.Static<typeof MapData>;

/**
 * The public landing page's facts (no sign-in): the period the index shows, how many
 * contracting states it covers, each state's map class (no scores, no watchlist flags:
 * those are for the roles of the watchlist rule) and the newest headlines.
 */
export const PublicMapCountry = Type.Object({
  GroupId: Type.String(),
  Name: Type.String(),
  CountryId: Type.String(),
  MapCategory: Type.String(),
});
export type PublicMapCountry = Type.Static<typeof PublicMapCountry>;
export const PublicHeadline = Type.Object({
  /** `watchlist`: states placed on the watchlist in a period (counted, not named); `category`: a state changed category. */
  Kind: Type.Union([Type.Literal('watchlist'), Type.Literal('category')]),
  Period: Type.String(),
  Text: Type.String(),
});
export type PublicHeadline = Type.Static<typeof PublicHeadline>;
export const PublicIndexSummary = Type.Object({
  Period: NullableString,
  StatesCovered: Type.Number(),
  StatesScored: Type.Number(),
  Countries: Type.Array(PublicMapCountry),
  Headlines: Type.Array(PublicHeadline),
});
export type PublicIndexSummary = Type.Static<typeof PublicIndexSummary>;

/** Historical data page: one country's score in one period. */
export const HistoricalScoreRow = Type.Object({
  GroupId: Type.String(),
  Country: Type.String(),
  CountryId: NullableString,
  LogoPath: NullableString,
  PeriodId: Type.String(),
  Period: Type.String(),
  Year: NullableNumber,
  Score: Type.Number(),
  Category: Type.String(),
  /** The map legend's class of the country in that period (scoring-rules `mapCategory`): the map of any period. */
  MapCategory: Type.String(),
  /** On the watchlist in that period (every role of the historical data page sees the watchlist). */
  Watchlist: Type.Boolean(),
});
export type HistoricalScoreRow = Type.Static<typeof HistoricalScoreRow>;
export const HistoricalScores = Type.Array(HistoricalScoreRow);

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
  A: NullableNumber,
  B: NullableNumber,
  C: NullableNumber,
  D: NullableNumber,
  E: NullableNumber,
  F: NullableNumber,
  PBALevel: NullableString,
});
export type ComparedPeriod = Type.Static<typeof ComparedPeriod>;

export const ComparedCountry = Type.Object({
  GroupId: Type.String(),
  Name: Type.String(),
  CountryId: NullableString,
  LogoPath: NullableString,
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
  PBA: NullableNumber,
  QualifyingDeclarations: Type.Boolean(),
  Watchlist: Type.Boolean(),
  IsSpecialNotice: Type.Boolean(),
  Notice: NullableString,
  ExplanatoryComments: NullableString,
  ImprovingScore: NullableString,
  Acknowledgements: NullableString,
  /** Null until first saved. */
  Score: NullableNumber,
  Category: Type.String(),
  ASU: NullableString,
  LastUpdated: NullableString,
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
  ExplanatoryComments: NullableString,
  ImprovingScore: NullableString,
  Acknowledgements: NullableString,
  Score: NullableNumber,
  Category: Type.String(),
  LastUpdated: NullableString,
});
export type EnforceabilityScoring = Type.Static<typeof EnforceabilityScoring>;

/** Both editors' data for one questionnaire row. */
export const ScoringInputs = Type.Object({
  Questionnaire: QuestionnaireScoring,
  Enforceability: EnforceabilityScoring,
  Contracting: Type.Boolean(),
});
export type ScoringInputs = Type.Static<typeof ScoringInputs>;

const input = () => Type.Number({ description: '0 to 5 in steps of .5' });
// rich text, stored as sanitized HTML
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
    PBA: Type.Optional(NullableNumber),
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
  CountryId: NullableString,
  LogoPath: NullableString,
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
export const ExportFormat = Type.Union([Type.Literal('csv'), Type.Literal('xlsx')]);
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
