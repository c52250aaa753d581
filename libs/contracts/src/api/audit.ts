import Type from 'typebox';

import { DateBound, TextLimits } from './common';

/* @__NO_SIDE_EFFECTS__ */
const Nullable = <T extends Type.TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** Answer texts of the audit screens. */
export const AuditMessages = {
  empty: 'There were 0 results for this search. Please change your filters and try again.',
  failure: 'A problem occurred! Make sure fields are correct and try again.',
  invalidFilter: 'Enter a valid filter first',
  filterLookupFailure: 'An error occured. Please try again later.',
} as const;

/** Rows per page of the audit log and the most a page may hold. */
export const AUDIT_PAGE_SIZE = 20;
export const AUDIT_MAX_PAGE_SIZE = 100;
/** The report counts matches up to this many; beyond it the total reads "10,000+". */
export const AUDIT_COUNT_CAP = 10_000;

/**
 * POST /api/report/audit body: date range plus the filter lists, and
 * the page wanted. Within a list any value may match; across lists all must.
 * Actions, countries (user groups) and names match when the row's value contains the text;
 * values (descriptions) match rows whose description holds every word of the text.
 */
export const AuditReportBody = Type.Object({
  start: DateBound('ISO date or date-time, inclusive'),
  end: DateBound('ISO date or date-time, inclusive (a date means the whole day)'),
  actions: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 50 })),
  countries: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 50 })),
  names: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 50 })),
  values: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 50 })),
  /** 1-based page number (default 1). */
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: AUDIT_COUNT_CAP })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: AUDIT_MAX_PAGE_SIZE })),
  /** Order by Stamp: newest first (default) or oldest first. */
  sort: Type.Optional(Type.Union([Type.Literal('desc'), Type.Literal('asc')])),
});
export type AuditReportBody = Type.Static<typeof AuditReportBody>;

/** Audit row. Value is HTML, escaped when built. */
export const AuditRow = Type.Object({
  Id: Type.String(),
  /** Position in the hash chain (1, 2, …): what the chain check names. */
  Seq: Type.Integer(),
  Action: Type.String(),
  Value: Type.String(),
  Country: Type.String(),
  Name: Type.String(),
  Stamp: Type.String(),
  QuestionId: Nullable(Type.String()),
  QuestionnaireId: Nullable(Type.String()),
  GroupId: Nullable(Type.String()),
  /** Response rows only: the answer before and after the change (display text), for Change Details. */
  Before: Nullable(Type.String()),
  After: Nullable(Type.String()),
});
export type AuditRow = Type.Static<typeof AuditRow>;

/** One page of the audit report, newest first unless asked otherwise. */
export const AuditReport = Type.Object({
  Rows: Type.Array(AuditRow),
  /** Matching rows, counted up to AUDIT_COUNT_CAP within a time budget. */
  Total: Type.Integer(),
  /**
   * True when Total is a lower bound: more than AUDIT_COUNT_CAP rows match (Total is the
   * cap), or counting ran out of time (Total covers this page and, when it is full, one more row).
   */
  TotalCapped: Type.Boolean(),
  Page: Type.Integer(),
  PageSize: Type.Integer(),
});
export type AuditReport = Type.Static<typeof AuditReport>;

/** Where the hash chain of the audit log first breaks (beyond the spec: tamper evidence). */
export const ChainBreak = Type.Object({
  Seq: Type.Integer(),
  Id: Nullable(Type.String()),
  Action: Nullable(Type.String()),
  Stamp: Nullable(Type.String()),
  /** altered: the row's content or hash changed; missing: the row was removed; truncated: rows from it on were removed. */
  Reason: Type.Union([Type.Literal('altered'), Type.Literal('missing'), Type.Literal('truncated')]),
});
export type ChainBreak = Type.Static<typeof ChainBreak>;

/**
 * A check of the audit log's hash chain. POST /api/report/audit/verify starts one (or
 * answers the one running); GET answers the latest (null before the first). The check
 * runs in the background: Checked of Total rows so far.
 */
export const AuditChainCheck = Type.Object({
  Id: Type.String(),
  /** Running: being checked; Done: Valid and FirstBroken tell the outcome; Interrupted: the check stopped before the end. */
  State: Type.Union([Type.Literal('Running'), Type.Literal('Done'), Type.Literal('Interrupted')]),
  StartedBy: Type.String(),
  StartedAt: Type.String(),
  FinishedAt: Nullable(Type.String()),
  /** Rows in the chain when the check began (rows appended later are left to the next check). */
  Total: Type.Integer(),
  Checked: Type.Integer(),
  Valid: Nullable(Type.Boolean()),
  FirstBroken: Nullable(ChainBreak),
});
export type AuditChainCheck = Type.Static<typeof AuditChainCheck>;
export const LatestAuditChainCheck = Nullable(AuditChainCheck);

/** POST /api/report/augment body: two answers to compare. */
export const AugmentBody = Type.Object({
  text1: Nullable(Type.String({ maxLength: 100_000 })),
  text2: Nullable(Type.String({ maxLength: 100_000 })),
});
export type AugmentBody = Type.Static<typeof AugmentBody>;

/** The HTML diff: removed text in <del>, added text in <ins>, everything else escaped. */
export const AugmentAnswer = Type.Object({ Html: Type.String() });
export type AugmentAnswer = Type.Static<typeof AugmentAnswer>;

/** Keys of POST /api/filter/{key}: default (Year), scores (Score, Year, Country), audit (Action, Value, Country, Name). */
export const FilterKeys = ['Action', 'Country', 'Name', 'Value', 'Year', 'Score'] as const;
export type FilterKey = (typeof FilterKeys)[number];
export const FilterKeyParam = Type.Object({ key: Type.Union(FilterKeys.map((k) => Type.Literal(k))) });
/**
 * Which list a key belongs to when two lists share it (Country is the audit's user group
 * and the scores' country). Without it, admins get both lists merged.
 */
export const FilterListQuery = Type.Object({ list: Type.Optional(Type.Union([Type.Literal('audit'), Type.Literal('scores')])) });
/** The body is the filter text, or null for the first suggestions. */
export const FilterBody = Nullable(Type.String({ maxLength: 200 }));
export const FilterSuggestions = Type.Array(Type.String());
/** At most this many suggestions are answered. */
export const FILTER_SUGGESTION_LIMIT = 10;

/** A change of one answer, as the questionnaire service reported it (the change record). */
export const ChangeRecord = Type.Object({
  Id: Type.String(),
  Group: Type.String(),
  Period: Type.String(),
  /** The question, as HTML (escaped). */
  Question: Type.String(),
  /** The answer after the change (display text); null when it was cleared. */
  Answer: Nullable(Type.String()),
  /** The answer before the change. */
  Before: Nullable(Type.String()),
  User: Type.String(),
  Stamp: Type.String(),
  QuestionId: Type.String(),
  QuestionnaireId: Type.String(),
  GroupId: Type.String(),
});
export type ChangeRecord = Type.Static<typeof ChangeRecord>;
export const ChangeHistory = Type.Array(ChangeRecord);

/** GET api/questionnaire/changes/{count}: one row of the country dashboard's recent changes. */
export const RecentChange = Type.Object({
  Id: Type.String(),
  User: Type.String(),
  /** Country and period, e.g. "Ireland – 2025 March". */
  Questionnaire: Type.String(),
  /** The question, as HTML (escaped). */
  Question: Type.String(),
  Stamp: Type.String(),
  QuestionId: Type.String(),
  QuestionnaireId: Type.String(),
  GroupId: Type.String(),
});
export type RecentChange = Type.Static<typeof RecentChange>;
export const RecentChanges = Type.Array(RecentChange);
export const RECENT_CHANGES_COUNT = 10;
export const RecentChangesParams = Type.Object({ count: Type.Integer({ minimum: 1, maximum: 100 }) });

/** POST api/questionnaire/changes/question body. */
export const QuestionChangesBody = Type.Object({
  questionId: Type.String({ minLength: 1, maxLength: TextLimits.id }),
  questionnaireId: Type.String({ minLength: 1, maxLength: TextLimits.id }),
  groupId: Type.String({ minLength: 1, maxLength: TextLimits.id }),
});
export type QuestionChangesBody = Type.Static<typeof QuestionChangesBody>;
