import type { Executor, Generated } from '@cti/db';
import type { KitTables, ServiceApp } from '@cti/service-kit';

export type ScoringExecutor = Executor<ScoringDB>;
/** The service's Fastify instance: `app.db` and `app.inTransaction` are typed over ScoringDB. */
export type ScoringApp = ServiceApp<ScoringDB>;

export interface CountriesTable {
  groupId: string;
  name: string;
  countryId: string | null;
  logoPath: string | null;
  /** Contracting state: on the Compliance Index; otherwise on the Enforceability Index. */
  contracting: Generated<boolean>;
  updatedAt: Generated<string>;
}

export interface PeriodsTable {
  periodId: string;
  name: string;
  createdAt: string;
}

export interface QuestionnairesTable {
  questionnaireId: string;
  groupId: string;
  periodId: string;
  status: Generated<'Open' | 'Closed'>;
  closedOn: string | null;
}

interface TextFields {
  explanatoryComments: string | null;
  improvingScore: string | null;
  acknowledgements: string | null;
}

export interface ComplianceScoresTable extends TextFields {
  questionnaireId: string;
  groupId: string;
  periodId: string;
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
  f: number;
  suspended: Generated<boolean>;
  isPba: Generated<boolean>;
  pba: number | null;
  qualifyingDeclarations: Generated<boolean>;
  watchlist: Generated<boolean>;
  isSpecialNotice: Generated<boolean>;
  notice: string | null;
  score: number;
  category: string;
  asu: string | null;
  isDemo: Generated<boolean>;
  updatedAt: Generated<string>;
  updatedBy: string | null;
}

export interface EnforceabilityScoresTable extends TextFields {
  groupId: string;
  periodId: string;
  a: number;
  b: number;
  c: number;
  d: number;
  score: number;
  category: string;
  isDemo: Generated<boolean>;
  updatedAt: Generated<string>;
  updatedBy: string | null;
}

export interface AnnotationsTable {
  /** 1: the questionnaire's (compliance) annotation; 2: the enforceability record's. */
  annotationType: 1 | 2;
  groupId: string;
  periodId: string;
  name: string;
  s3Name: string;
  attachedAt: Generated<string>;
}

export interface ReadModelsTable {
  key: string;
  etag: string;
  body: string;
  updatedAt: Generated<string>;
}

/** The service's schema as its migrations leave it, with the kit's tables (outbox, processed events, rate limits). */
export interface ScoringDB extends KitTables {
  countries: CountriesTable;
  periods: PeriodsTable;
  questionnaires: QuestionnairesTable;
  complianceScores: ComplianceScoresTable;
  enforceabilityScores: EnforceabilityScoresTable;
  annotations: AnnotationsTable;
  readModels: ReadModelsTable;
}
