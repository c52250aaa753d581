import type { ColumnType, Executor, Generated } from '@cti/db';
import type { KitTables, ServiceApp } from '@cti/service-kit';

export type QuestionnaireExecutor = Executor<QuestionnaireDB>;

/** The service's Fastify instance: `app.db` and `app.inTransaction` are typed over QuestionnaireDB. */
export type QuestionnaireApp = ServiceApp<QuestionnaireDB>;

type Timestamp = string;
/** jsonb answers: written as JSON text, read back parsed. */
type Json<T> = ColumnType<T, string | null, string | null>;

/** The service's schema as its migrations leave it, with the kit's tables (outbox, processed events, rate limits). */
export interface QuestionnaireDB extends KitTables {
  /** Projection of identity's Country groups (from evt.identity.group.*). */
  countries: {
    groupId: string;
    name: string;
    countryCode: string | null;
    logoPath: string | null;
    /** False when the group is no longer of type Country. */
    active: Generated<boolean>;
    updatedAt: Generated<Timestamp>;
  };
  /** Projection of identity's users (from evt.identity.user.*): names for demo data. */
  directoryUsers: { userId: string; email: string; name: string; organization: string };
  periods: {
    id: Generated<string>;
    /** Creation order: the current period is the latest. */
    seq: Generated<number>;
    name: string;
    createdAt: Timestamp;
  };
  questionnaires: {
    id: Generated<string>;
    groupId: string;
    periodId: string;
    status: 'Open' | 'Closed';
    closedOn: string | null;
    lastUpdated: Generated<Timestamp>;
    createdAt: Generated<Timestamp>;
    /** Version of the question bank the questionnaire is answered against. */
    bankVersion: string;
    /** Carry-forward: the closed questionnaire whose answers this one started from. */
    carriedFromId: string | null;
    /** Grows with every answer change and every reopening; approvals hold the revision they approved. */
    answersRevision: Generated<number>;
    /** When an admin last reopened it after it was closed. */
    reopenedOn: string | null;
  };
  answers: {
    questionnaireId: string;
    questionId: string;
    value: Json<unknown>;
    /** The carried-forward answer (null when the question was unanswered or the questionnaire started empty). */
    baseline: Json<unknown>;
    updatedAt: Generated<Timestamp>;
    updatedBy: string | null;
  };
  sectionLocks: {
    questionnaireId: string;
    sectionId: number;
    userId: string;
    userName: string;
    acquiredAt: Generated<Timestamp>;
    expiresAt: Timestamp;
    /** The lock id of the browser tab holding it; null when taken by a call without one (held for the user as a whole). */
    lockId: string | null;
  };
  /** A section's answers version: +1 with every change of its answers; no row is version 0. */
  sectionVersions: {
    questionnaireId: string;
    sectionId: number;
    version: number;
    savedAt: Timestamp;
    /** Name of who saved it last. */
    savedBy: string | null;
  };
  consents: {
    questionnaireId: string;
    userId: string;
    answer: 'Yes' | 'No';
    name: string;
    organization: string;
    email: string;
    updatedAt: Generated<Timestamp>;
  };
  approvals: {
    id: Generated<string>;
    questionnaireId: string;
    userId: string;
    name: string;
    organizationName: string;
    stamp: Generated<Timestamp>;
    answersRevision: number;
  };
  adminComments: {
    questionnaireId: string;
    sectionId: number;
    comment: string;
    updatedAt: Generated<Timestamp>;
    updatedBy: string | null;
    /** +1 with every change of the note; a section without a note is at 0. */
    version: Generated<number>;
  };
  /** The section each user last opened or saved in a questionnaire (resume there). */
  resumePoints: {
    questionnaireId: string;
    userId: string;
    sectionId: number;
    updatedAt: Generated<Timestamp>;
  };
  sectionConfirmations: {
    questionnaireId: string;
    sectionId: number;
    userId: string;
    name: string;
    confirmedAt: Generated<Timestamp>;
  };
}
