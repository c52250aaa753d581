import Type from 'typebox';

import { ErrorBody, IdText, TextLimits, Uuid } from './common';
import type { AnswerModel, Condition } from './questionnaire-conditions';

export * from './questionnaire-conditions';

// API contracts of the questionnaire service (the questionnaire API calls, the index API calls periods).

/* @__NO_SIDE_EFFECTS__ */
const Nullable = <T extends Type.TSchema>(t: T) => Type.Union([t, Type.Null()]);

/* ---------- the questionnaire's sequence of pages ---------- */

export type QuestionnaireNavGroup = 'Intro Questions' | 'Variable A' | 'Variable B' | 'Variable E';

export interface QuestionnaireStep {
  /** Path below /questionnaire/ (e.g. `a/1`). */
  path: string;
  /** Section id of the data model; the consent page has none. */
  sectionId: number | null;
  /** Navigation and export label. */
  label: string;
  /** Export part name (Intro, A1–A5, B1, E1–E8); null for the consent page. */
  part: string | null;
  group: QuestionnaireNavGroup;
  /**
   * The index variable (the methodology's A to F) the page's answers are scored in. The
   * questionnaire's own letters stop at E: its section E feeds the methodology's C to F.
   */
  scoredIn: 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | null;
}

/** Section ids of the data model. */
export const SectionIds = {
  Introductory: 6,
  Summary: 8,
  Idera: 9,
  Liens: 10,
  Detention: 11,
  Comments: 12,
  VariableB: 14,
  ProtectionismA: 16,
  ProtectionismB: 17,
  ProtectionismC: 18,
  ProtectionismD: 19,
  ContractInterpretation: 20,
  Enforcement: 21,
  NonBankruptcy: 22,
  Bankruptcy: 23,
} as const;

/** Every page of the questionnaire in order; Back and Next go to the neighbours. */
export const QUESTIONNAIRE_STEPS: readonly QuestionnaireStep[] = [
  {
    path: 'participation',
    sectionId: SectionIds.Introductory,
    label: 'Participation',
    part: 'Intro',
    group: 'Intro Questions',
    scoredIn: null,
  },
  { path: 'consent', sectionId: null, label: 'Consent', part: null, group: 'Intro Questions', scoredIn: null },
  {
    path: 'a/0',
    sectionId: SectionIds.Summary,
    label: 'Summary of National Implementation',
    part: 'A1',
    group: 'Variable A',
    scoredIn: 'A',
  },
  { path: 'a/1', sectionId: SectionIds.Idera, label: 'IDERA extension', part: 'A2', group: 'Variable A', scoredIn: 'A' },
  { path: 'a/2', sectionId: SectionIds.Liens, label: 'Liens', part: 'A3', group: 'Variable A', scoredIn: 'A' },
  { path: 'a/3', sectionId: SectionIds.Detention, label: 'Detention Rights', part: 'A4', group: 'Variable A', scoredIn: 'A' },
  { path: 'a/4', sectionId: SectionIds.Comments, label: 'Comments', part: 'A5', group: 'Variable A', scoredIn: 'A' },
  { path: 'b/0', sectionId: SectionIds.VariableB, label: 'Insolvency (Alternative A)', part: 'B1', group: 'Variable B', scoredIn: 'B' },
  {
    path: 'e/0',
    sectionId: SectionIds.ProtectionismA,
    label: 'Protectionism A: choice of foreign law',
    part: 'E1',
    group: 'Variable E',
    scoredIn: 'C',
  },
  {
    path: 'e/1',
    sectionId: SectionIds.ProtectionismB,
    label: 'Protectionism B: foreign jurisdiction',
    part: 'E2',
    group: 'Variable E',
    scoredIn: 'C',
  },
  {
    path: 'e/2',
    sectionId: SectionIds.ProtectionismC,
    label: 'Protectionism C: foreign judgements',
    part: 'E3',
    group: 'Variable E',
    scoredIn: 'C',
  },
  {
    path: 'e/3',
    sectionId: SectionIds.ProtectionismD,
    label: 'Protectionism D: foreign arbitral awards',
    part: 'E4',
    group: 'Variable E',
    scoredIn: 'C',
  },
  {
    path: 'e/4',
    sectionId: SectionIds.ContractInterpretation,
    label: 'Contract interpretation',
    part: 'E5',
    group: 'Variable E',
    scoredIn: 'D',
  },
  { path: 'e/5', sectionId: SectionIds.Enforcement, label: 'New commercial laws', part: 'E6', group: 'Variable E', scoredIn: 'E' },
  {
    path: 'e/6',
    sectionId: SectionIds.NonBankruptcy,
    label: 'Repossession outside insolvency',
    part: 'E7',
    group: 'Variable E',
    scoredIn: 'F',
  },
  {
    path: 'e/7',
    sectionId: SectionIds.Bankruptcy,
    label: 'Repossession inside insolvency',
    part: 'E8',
    group: 'Variable E',
    scoredIn: 'F',
  },
];

/** The parts the PDF export renders (intro, A1–A5, B1, E1–E8): 15. */
export const EXPORT_STEPS = QUESTIONNAIRE_STEPS.filter((s) => s.sectionId !== null);

/* @__NO_SIDE_EFFECTS__ */
export const stepOfSection = (sectionId: number) => QUESTIONNAIRE_STEPS.find((s) => s.sectionId === sectionId);

/* ---------- questions and sections ---------- */

export const QuestionTypeSchema = Type.Union([
  Type.Literal('text'),
  Type.Literal('number'),
  Type.Literal('textarea'),
  Type.Literal('date'),
  Type.Literal('select'),
  Type.Literal('radio'),
  Type.Literal('checkbox'),
  Type.Literal('autocomplete'),
  Type.Literal('tags'),
  Type.Literal('wysiwyg'),
]);
export type QuestionType = Type.Static<typeof QuestionTypeSchema>;

export const AnswerModelSchema = Type.Union([
  Type.String({ maxLength: TextLimits.html }),
  Type.Number(),
  Type.Array(Type.Number()),
  Type.Null(),
]);

export const QuestionOption = Type.Object({ Id: Type.Integer(), Label: Type.String() });
export type QuestionOption = Type.Static<typeof QuestionOption>;

export const QuestionSchema = Type.Object({
  /** `<sectionId>.<index>`, e.g. `9.0` for IDERA q0. */
  Id: Type.String(),
  SectionId: Type.Integer(),
  Index: Type.Integer(),
  Type: QuestionTypeSchema,
  Text: Type.String(),
  Help: Type.Optional(Type.String()),
  Options: Type.Optional(Type.Array(QuestionOption)),
  /** Dates: earliest allowed day (YYYY-MM-DD); numbers: smallest value. */
  Min: Type.Optional(Type.Union([Type.String(), Type.Number()])),
  Max: Type.Optional(Type.Number()),
  /** Autocomplete: typed text that is none of the options is kept as the answer (else it is refused). */
  FreeText: Type.Optional(Type.Boolean()),
  /** When the question shows (see questionnaire-conditions). */
  ShowIf: Type.Optional(Nullable(Type.Unknown())),
  Model: AnswerModelSchema,
  /** Carry-forward: the answer of the period this questionnaire started from, and whether it changed since. */
  Carried: Type.Optional(
    Nullable(
      Type.Object({
        Model: AnswerModelSchema,
        Changed: Type.Boolean(),
        /** The question did not exist in that period's questionnaire. */
        IsNew: Type.Boolean(),
      }),
    ),
  ),
  /** Who last saved this answer (name) and when; null when it was never saved in this questionnaire. */
  SavedBy: Type.Optional(Nullable(Type.String())),
  SavedAt: Type.Optional(Nullable(Type.String())),
});
export type Question = Omit<Type.Static<typeof QuestionSchema>, 'ShowIf'> & { ShowIf?: Condition | null };

export const SectionConfirmation = Type.Object({ Name: Type.String(), Stamp: Type.String() });
export type SectionConfirmation = Type.Static<typeof SectionConfirmation>;

export const SectionInfo = Type.Object({
  SectionId: Type.Integer(),
  Title: Type.String(),
  Description: Type.Optional(Type.String()),
  /** Name of the period whose answers this questionnaire started from, if any. */
  CarriedFrom: Nullable(Type.String()),
  /** Questions whose answer differs from the carried-forward answer. */
  ChangedCount: Type.Integer(),
  /** Someone confirmed the section unchanged since the carried-forward period. */
  Confirmation: Nullable(SectionConfirmation),
});
export type SectionInfo = Type.Static<typeof SectionInfo>;

/** A section id as requests carry it (the spec's ids are small; the bound keeps any value inside its integer column). */
const SectionIdField = Type.Integer({ minimum: 0, maximum: 2_147_483_647 });

/**
 * A tab's lock id: the tab makes it once (`crypto.randomUUID()`) and sends it with every load, renewal,
 * save and release. A section lock belongs to the tab holding its id, not to the user; a call without
 * one acts for the user as a whole (every tab of theirs), as the spec's calls did.
 */
export const LockIdField = Uuid({ description: 'the lock id of the browser tab making the call' });

/** A section's answers (or an admin note) are at version 0 until first saved; every change adds 1. */
export const VersionField = Type.Integer({ minimum: 0, maximum: 2_147_483_647 });

/** Where stored answers (or a note) stand: their version, who saved them last (name) and when (null before the first save). */
const SavedState = {
  Version: VersionField,
  SavedBy: Nullable(Type.String()),
  SavedAt: Nullable(Type.String()),
};

/** POST api/questionnaire/questions */
export const QuestionsBody = Type.Object({
  SectionId: Type.Integer(),
  GroupId: IdText(),
  QuestionnaireId: IdText(),
  /** Load without taking the section lock (export, read-only views). */
  ignoreLock: Type.Optional(Type.Boolean()),
  /** The calling tab's lock id: the lock is taken for this tab. */
  LockId: Type.Optional(LockIdField),
  /** "Take over here": move the caller's own lock from their other tab to this one (never someone else's). */
  TakeOver: Type.Optional(Type.Boolean()),
});
export type QuestionsBody = Type.Static<typeof QuestionsBody>;

export const LockInfo = Type.Object({
  /** Name of whoever holds the section lock (null when nobody does). */
  Locker: Nullable(Type.String()),
  /** The caller (this tab, when it sent a lock id) holds the lock and may edit. */
  IsLocker: Type.Boolean(),
  /** The caller holds the lock in another tab (another lock id): this tab reads only, `TakeOver` moves the lock here. */
  InOtherTab: Type.Boolean(),
});
export type LockInfo = Type.Static<typeof LockInfo>;

/** Where a section's answers stand: its version, who saved it last and when (null before the first save). */
export const SectionVersion = Type.Object({ SectionId: Type.Integer(), ...SavedState });
export type SectionVersion = Type.Static<typeof SectionVersion>;

export const QuestionsAnswerSchema = Type.Object({
  Questions: Type.Array(QuestionSchema),
  Locker: Nullable(Type.String()),
  IsLocker: Type.Boolean(),
  InOtherTab: Type.Boolean(),
  /** The version of the answers shown (a save names it: `?version=`), who saved them last and when. */
  ...SavedState,
  Section: SectionInfo,
});
export type QuestionsAnswer = Omit<Type.Static<typeof QuestionsAnswerSchema>, 'Questions'> & { Questions: Question[] };

/** POST api/questionnaire/save/{questionnaireId}/{userId}: the section's questions with their answers. */
export const SaveSectionBody = Type.Array(Type.Object({ Id: IdText(), Model: AnswerModelSchema }), { minItems: 1, maxItems: 200 });
export type SaveSectionBody = Type.Static<typeof SaveSectionBody>;
export const SaveSectionParams = Type.Object({ questionnaireId: Type.String(), userId: Type.String() });

/** The token a save answering `confirmClearing` carries: it names exactly the answers the person was shown. */
export const ClearTokenField = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

/**
 * The query of a section save. Without `version` the save is taken as based on the current answers
 * (the spec's call); without `lockId` it acts for the user as a whole.
 */
export const SaveSectionQuery = Type.Object({
  /** The version the answers were based on (the load's or the last save's `Version`). */
  version: Type.Optional(VersionField),
  lockId: Type.Optional(LockIdField),
  /** The `ClearToken` of a `confirmClearing` refusal: the person agreed to clear those answers. */
  confirmClearing: Type.Optional(ClearTokenField),
});
export type SaveSectionQuery = Type.Static<typeof SaveSectionQuery>;

/** One question's answer as stored now, who saved it and when. */
export const StoredAnswer = Type.Object({
  Id: Type.String(),
  Model: AnswerModelSchema,
  SavedBy: Nullable(Type.String()),
  SavedAt: Nullable(Type.String()),
});
export type StoredAnswer = Omit<Type.Static<typeof StoredAnswer>, 'Model'> & { Model: AnswerModel };

/** An answer in another section that a save clears (a conditional question there becomes hidden). */
export const ClearedQuestion = Type.Object({
  SectionId: Type.Integer(),
  /** The section's page below /questionnaire/ (e.g. `a/1`) and its label. */
  Path: Type.String(),
  SectionLabel: Type.String(),
  Id: Type.String(),
  /** The question's text. */
  Text: Type.String(),
  /** The answer stored before the clearing. */
  Model: AnswerModelSchema,
});
export type ClearedQuestion = Omit<Type.Static<typeof ClearedQuestion>, 'Model'> & { Model: AnswerModel };

/** A section whose lock someone else (or the caller's other tab) holds. */
export const SectionHolder = Type.Object({
  SectionId: Type.Integer(),
  Path: Type.String(),
  SectionLabel: Type.String(),
  Locker: Type.String(),
  InOtherTab: Type.Boolean(),
});
export type SectionHolder = Type.Static<typeof SectionHolder>;

/** 200 of a section save. */
export const SaveSectionAnswer = Type.Object({
  /** "Your answers have been saved." or "There were no changes to save." */
  message: Type.String(),
  /** How many answers changed, in every section. */
  Changed: Type.Integer(),
  /** The saved section's version now (the next save names it), who saved it and when. */
  ...SavedState,
  /** Every question of the saved section as stored now (answers normalized: dates, trimmed text, sorted lists). */
  Answers: Type.Array(StoredAnswer),
  /** Answers of other sections this save cleared (with what they were). */
  Cleared: Type.Array(ClearedQuestion),
  /** Every section whose version this save moved on (the saved one and the cleared ones). */
  Sections: Type.Array(SectionVersion),
});
export type SaveSectionAnswer = Omit<Type.Static<typeof SaveSectionAnswer>, 'Answers' | 'Cleared'> & {
  Answers: StoredAnswer[];
  Cleared: ClearedQuestion[];
};

/**
 * Why a section save was refused (409); nothing was stored:
 * - `closed`: the questionnaire is closed;
 * - `locked`: someone else holds the section (`Locker`);
 * - `otherTab`: the caller holds it in another tab (taken over there);
 * - `stale`: the answers changed since the version the save named (`Section`, `Answers`: as stored now);
 * - `confirmClearing`: the save would clear answers in other sections (`Clears`); send it again with
 *   `?confirmClearing=<ClearToken>` to save;
 * - `clearingLocked`: it would clear answers in a section someone else, or another tab, holds (`HeldBy`).
 */
export const SaveRefusalReason = Type.Union([
  Type.Literal('closed'),
  Type.Literal('locked'),
  Type.Literal('otherTab'),
  Type.Literal('stale'),
  Type.Literal('confirmClearing'),
  Type.Literal('clearingLocked'),
]);
export type SaveRefusalReason = Type.Static<typeof SaveRefusalReason>;

/** 409 of a section save: the error body plus what the page needs to keep and merge the typed answers. */
export const SaveRefusal = Type.Object({
  ...ErrorBody.properties,
  Reason: SaveRefusalReason,
  /** The saved section as stored now. */
  Section: SectionVersion,
  Answers: Type.Array(StoredAnswer),
  /** Who holds the section (locked, otherTab), else null. */
  Locker: Nullable(Type.String()),
  /** The answers in other sections the save would clear (confirmClearing, clearingLocked), else empty. */
  Clears: Type.Array(ClearedQuestion),
  /** confirmClearing: the token that confirms exactly these clearings. */
  ClearToken: Nullable(Type.String()),
  /** clearingLocked: the sections held by others. */
  HeldBy: Type.Array(SectionHolder),
});
export type SaveRefusal = Omit<Type.Static<typeof SaveRefusal>, 'Answers' | 'Clears'> & {
  Answers: StoredAnswer[];
  Clears: ClearedQuestion[];
};

/** POST api/questionnaire/lock: take or renew the section lock while the page is open. */
export const LockBody = Type.Object({
  QuestionnaireId: IdText(),
  SectionId: SectionIdField,
  LockId: Type.Optional(LockIdField),
  /** Move the caller's own lock from their other tab to this one. */
  TakeOver: Type.Optional(Type.Boolean()),
});
export type LockBody = Type.Static<typeof LockBody>;

/** GET api/questionnaire/unlock: without a query, every lock of the caller; with `lockId`, only that tab's. */
export const UnlockQuery = Type.Object({
  questionnaireId: Type.Optional(Uuid()),
  sectionId: Type.Optional(SectionIdField),
  lockId: Type.Optional(LockIdField),
});
export type UnlockQuery = Type.Static<typeof UnlockQuery>;

/** The `navigator.sendBeacon` variant of unlock (POST, text body, no headers possible). */
export interface UnlockBeacon {
  token: string;
  questionnaireId?: string;
  sectionId?: number;
  /** The closing tab's lock id: only its locks go. */
  lockId?: string;
}

/** GET api/questionnaire/navlocks/{questionnaireId}: questionnaire path → name of whoever else holds it. */
export const NavLocks = Type.Record(Type.String(), Type.String());
export type NavLocks = Type.Static<typeof NavLocks>;

/** POST api/questionnaire/confirmUnchanged (carry-forward) */
export const ConfirmUnchangedBody = Type.Object({ QuestionnaireId: IdText(), SectionId: SectionIdField });
export type ConfirmUnchangedBody = Type.Static<typeof ConfirmUnchangedBody>;

/* ---------- admin notes ---------- */

export const AdminCommentBody = Type.Object({ questionnaireId: IdText(), sectionId: SectionIdField });
export type AdminCommentBody = Type.Static<typeof AdminCommentBody>;
/** The admin note of a section, its version, who saved it last and when (null before the first save). */
export const AdminCommentAnswer = Type.Object({ Comment: Type.String(), ...SavedState });
export type AdminCommentAnswer = Type.Static<typeof AdminCommentAnswer>;
export const AdminCommentSaveBody = Type.Object({
  questionnaireId: IdText(),
  sectionId: SectionIdField,
  /** Rich text as HTML; sanitized before it is stored. */
  comment: Type.String({ maxLength: 200_000 }),
  /** The version the note was based on; without it the save is taken as based on the current note. */
  Version: Type.Optional(VersionField),
});
export type AdminCommentSaveBody = Type.Static<typeof AdminCommentSaveBody>;
/** 200 of an admin note save: the note as stored (sanitized) and its version now. */
export const AdminCommentSaveAnswer = Type.Object({ message: Type.String(), Comment: Type.String(), ...SavedState });
export type AdminCommentSaveAnswer = Type.Static<typeof AdminCommentSaveAnswer>;
/** 409 of an admin note save (nothing stored): `closed`, or `stale` with the note as stored now. */
export const AdminCommentRefusal = Type.Object({
  ...ErrorBody.properties,
  Reason: Type.Union([Type.Literal('closed'), Type.Literal('stale')]),
  Comment: Type.String(),
  ...SavedState,
});
export type AdminCommentRefusal = Type.Static<typeof AdminCommentRefusal>;

/* ---------- approvals and finalization ---------- */

export const FinalizeBody = Type.Object({ questionnaireId: IdText(), userId: IdText() });
export type FinalizeBody = Type.Static<typeof FinalizeBody>;
export const Approval = Type.Object({ Name: Type.String(), OrganizationName: Type.String(), Stamp: Type.String() });
export type Approval = Type.Static<typeof Approval>;

/* ---------- consent ---------- */

export const ConsentAnswerValue = Type.Union([Type.Literal('Yes'), Type.Literal('No')]);
export const ConsentBody = Type.Object({ QuestionnaireId: IdText(), UserId: IdText(), Answer: ConsentAnswerValue });
export type ConsentBody = Type.Static<typeof ConsentBody>;
export const ConsentRow = Type.Object({
  Answer: ConsentAnswerValue,
  Name: Type.String(),
  Organization: Type.String(),
  Email: Type.String(),
});
export type ConsentRow = Type.Static<typeof ConsentRow>;
export const ConsentAnswerBody = Type.Object({ QuestionnaireId: IdText(), UserId: IdText() });
export type ConsentAnswerBody = Type.Static<typeof ConsentAnswerBody>;
export const ConsentAnswer = Type.Object({ Answer: Type.Union([Type.Literal('Yes'), Type.Literal('No'), Type.Literal('No Answer')]) });
export type ConsentAnswer = Type.Static<typeof ConsentAnswer>;

/* ---------- lists ---------- */

export const QuestionnaireStatus = Type.Union([Type.Literal('Open'), Type.Literal('Closed')]);
export type QuestionnaireStatus = Type.Static<typeof QuestionnaireStatus>;

/** Open/completed row of the country dashboard. */
export const QuestionnaireListRow = Type.Object({
  QuestionnaireId: Type.String(),
  GroupId: Type.String(),
  PeriodId: Type.String(),
  Country: Type.String(),
  Period: Type.String(),
  Status: QuestionnaireStatus,
  ClosedOn: Nullable(Type.String()),
  LastUpdated: Type.String(),
});
export type QuestionnaireListRow = Type.Static<typeof QuestionnaireListRow>;

/** A row of the admin list (/manage/questionnaires); scoring's editors open with it. */
export const AdminQuestionnaireRow = Type.Object({
  QuestionnaireId: Type.String(),
  GroupId: Type.String(),
  PeriodId: Type.String(),
  Entity: Type.String(),
  Period: Type.String(),
  Status: QuestionnaireStatus,
  ClosedOn: Nullable(Type.String()),
  LastUpdated: Type.String(),
});
export type AdminQuestionnaireRow = Type.Static<typeof AdminQuestionnaireRow>;

/** POST api/questionnaire/report: filters (Entity, Period, Status); several values of one key widen, keys narrow. */
export const QuestionnaireReportFilter = Type.Object({
  Key: Type.Union([Type.Literal('Entity'), Type.Literal('Period'), Type.Literal('Status')]),
  Value: Type.String({ maxLength: TextLimits.line }),
});
export type QuestionnaireReportFilter = Type.Static<typeof QuestionnaireReportFilter>;
export const QuestionnaireReportBody = Type.Array(QuestionnaireReportFilter, { maxItems: 100 });
export type QuestionnaireReportBody = Type.Static<typeof QuestionnaireReportBody>;

/** POST api/questionnaire/closeOrOpen: the questionnaire row with the status it should have. */
export const CloseOrOpenBody = Type.Object({ QuestionnaireId: IdText(), Status: QuestionnaireStatus });
export type CloseOrOpenBody = Type.Static<typeof CloseOrOpenBody>;

/** GET api/questionnaire/info/{questionnaireId}: what the questionnaire shell shows. */
export const QuestionnaireInfo = Type.Object({
  QuestionnaireId: Type.String(),
  GroupId: Type.String(),
  PeriodId: Type.String(),
  Country: Type.String(),
  Period: Type.String(),
  Status: QuestionnaireStatus,
  ClosedOn: Nullable(Type.String()),
  LastUpdated: Type.String(),
  CarriedFrom: Nullable(Type.String()),
  /** The questionnaire belongs to the current period. */
  IsCurrent: Type.Boolean(),
  /** When an admin last reopened it after it was closed: approvals given before then no longer count. */
  ReopenedOn: Type.Optional(Nullable(Type.String())),
  /** The page (path below /questionnaire/) the caller last worked on, to resume there. */
  ResumePath: Type.Optional(Nullable(Type.String())),
  /** Sections whose every visible question has an answer (the side navigation marks them done). */
  AnsweredSections: Type.Optional(Type.Array(Type.Integer())),
  /** Sections holding at least one answer (started; not done until every visible question is answered). */
  StartedSections: Type.Optional(Type.Array(Type.Integer())),
});
export type QuestionnaireInfo = Type.Static<typeof QuestionnaireInfo>;

/** A section lock someone holds now, as the respondent's dashboard shows it. */
export const HeldLock = Type.Object({ Path: Type.String(), Label: Type.String(), Name: Type.String() });
export type HeldLock = Type.Static<typeof HeldLock>;

/** GET api/questionnaire/progress: one open questionnaire of the caller's countries, with where it stands. */
export const QuestionnaireProgress = Type.Object({
  QuestionnaireId: Type.String(),
  GroupId: Type.String(),
  Country: Type.String(),
  Period: Type.String(),
  LastUpdated: Type.String(),
  /** Sections whose every visible question has an answer, of all sections. */
  SectionsAnswered: Type.Integer(),
  SectionsTotal: Type.Integer(),
  /** Approvals of the current answers, and whether they suffice (two organizations). */
  Approvals: Type.Array(Approval),
  ReadyForFinalization: Type.Boolean(),
  ReopenedOn: Nullable(Type.String()),
  Locks: Type.Array(HeldLock),
  ResumePath: Nullable(Type.String()),
});
export type QuestionnaireProgress = Type.Static<typeof QuestionnaireProgress>;

/**
 * GET api/questionnaire/live/{questionnaireId} (server-sent events, event name `change`):
 * something about the questionnaire changed; the page reloads what it shows of it.
 */
export const QuestionnaireChangeKind = Type.Union([
  Type.Literal('approval'),
  Type.Literal('answers'),
  Type.Literal('lock'),
  Type.Literal('status'),
  Type.Literal('consent'),
  Type.Literal('note'),
]);
export const QuestionnaireChange = Type.Object({
  kind: QuestionnaireChangeKind,
  /** The section it concerns (answers, locks, notes), if any. */
  sectionId: Nullable(Type.Integer()),
  /** Who caused it (user id), when known. */
  by: Nullable(Type.String()),
  /** answers, note: the section's (the note's) version after the change; a page based on an older one is stale. */
  version: Type.Optional(Type.Integer()),
  /**
   * lock: true when the section was taken (also moved to another tab of the same user), false when
   * released. A page that held it checks with a renewal whether it still does when it was taken (a
   * release of the lock it holds is its own doing: renewing then would take the section again).
   */
  locked: Type.Optional(Type.Boolean()),
  /** status: the questionnaire's status now. */
  status: Type.Optional(QuestionnaireStatus),
});
export type QuestionnaireChange = Type.Static<typeof QuestionnaireChange>;

export const NeedQuestionnaireRow = Type.Object({ Id: Type.String(), Name: Type.String() });
export type NeedQuestionnaireRow = Type.Static<typeof NeedQuestionnaireRow>;

/* ---------- periods ---------- */

export const Period = Type.Object({ Id: Type.String(), Name: Type.String(), Created: Type.String() });
export type Period = Type.Static<typeof Period>;
export const PeriodNameParam = Type.Object({ name: Type.String() });

/* ---------- answer texts ---------- */

/** Texts the questionnaire service answers and the web shows (the answer texts where the spec gives them). */
export const QuestionnaireAnswers = {
  sectionSaved: 'Your answers have been saved.',
  consentSaved: 'Thank you. Your consent has been recorded.',
  approved: 'You have approved the current answers.',
  alreadyApproved: 'You have already approved the current answers.',
  cannotApprove: 'You cannot approve this questionnaire.',
  notReady: 'The questionnaire is not ready for finalization: respondents of two different organizations must approve the current answers.',
  closedMessage: 'Submitted and Closed the Questionnaire.',
  questionnaireClosed: 'This questionnaire is closed; its answers can no longer be changed.',
  otherCountry: "You do not have access to this country's questionnaire.",
  lockedBy: (name: string) => `This section is being edited by ${name}. Your changes were not saved.`,
  notYourUser: 'You can only act for yourself.',
  noCurrentPeriod: 'There is no current period.',
  alreadyHasQuestionnaire: 'This country already has a questionnaire for the current period.',
  periodExists: 'A period with this name already exists.',
  periodAdded: 'Period added and new questionnaires made',
  confirmedUnchanged: 'Section confirmed unchanged.',
  cannotConfirmChanged: 'Answers in this section have changed since the previous period; they cannot be confirmed unchanged.',
  nothingCarried: 'This questionnaire did not start from a previous period.',
  nothingToSave: 'There were no changes to save.',
  sectionNotFound: 'Section not found.',
  adminNoteSaved: 'Admin note saved.',
  adminNoteClosed: 'This questionnaire is closed; its admin notes can no longer be changed.',
  heldInOtherTab: 'You are editing this section in another tab. Your changes here were not saved.',
  staleSection: 'Someone saved this section after you opened it. Your changes were not saved: compare them with the answers stored now.',
  clearsOtherSections: (count: number) =>
    `This change clears ${count} ${count === 1 ? 'answer' : 'answers'} in other sections. Nothing was saved: confirm to clear ${count === 1 ? 'it' : 'them'} and save.`,
  clearingLockedBy: (section: string, name: string) =>
    `This change would clear answers in ${section}, which ${name} is editing now. Nothing was saved.`,
  clearingInOtherTab: (section: string) =>
    `This change would clear answers in ${section}, which you are editing in another tab. Nothing was saved.`,
  staleAdminNote: 'Someone saved this admin note after you opened it. Your note was not saved: compare it with the note stored now.',
} as const;

/** Texts of the list and period screens. */
export const QuestionnaireListMessages = {
  saveFailed: 'Failed to save the questionnaire. An error occurred.',
  saved: 'Questionnaire Saved!',
  addFailed: 'An unhandled exception occured.',
  added: 'Questionnaire Created.',
  selectCountry: 'Please select a Country that needs a questionnaire.',
  adminCommentFailed: 'Could not load Admin Comment.',
  periodAdded: 'Period added and new questionnaires made',
  periodFailed: 'Something went wrong. Please try again later.',
  periodNameRequired: 'Please fill out the field',
} as const;
