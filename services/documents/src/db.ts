import type { ColumnType, Executor, Generated } from '@cti/db';
import type { KitTables, ServiceApp } from '@cti/service-kit';

export type DocumentsExecutor = Executor<DocumentsDB>;

/** The service's Fastify instance: `app.db` and `app.inTransaction` are typed over DocumentsDB. */
export type DocumentsApp = ServiceApp<DocumentsDB>;

type Timestamp = ColumnType<string, string | undefined, string>;

export type DocumentKind = 'supporting' | 'acid' | 'annotation';

/** Every stored object: the generated key (S3Name) and what the uploader sent. */
export interface FilesTable {
  s3Name: string;
  /** The uploader's file name, sanitized; only ever used as the saved name of downloads. */
  fileName: string;
  contentType: string;
  sizeBytes: ColumnType<number, number, number>;
  sha256: string;
  /** document (supporting), annotation1, annotation2, acid, acid-pdf (generated). */
  purpose: string;
  uploadedBy: string;
  uploadedAt: Timestamp;
  /** Set once a document uses the file; unattached uploads are swept after a while. */
  attached: Generated<boolean>;
}

export interface DocumentsTable {
  id: Generated<string>;
  kind: DocumentKind;
  title: string;
  s3Name: string;
  /** Global/Member/Admin, Public/Private, or Annotation. */
  access: string;
  isPrivate: Generated<boolean>;
  /** Country group: of a Member supporting document, or the annotated country. */
  groupId: string | null;
  annotationType: number | null;
  questionnaireId: string | null;
  periodId: string | null;
  createdBy: string;
  createdAt: Timestamp;
}

/** Country groups, projected from identity's group events. */
export interface CountriesTable {
  groupId: string;
  name: string;
  /** ISO code (identity's CountryId). */
  countryCode: string | null;
}

/** Questionnaires (country and period), projected from questionnaire events. */
export interface QuestionnairesTable {
  questionnaireId: string;
  groupId: string;
  groupName: string;
  periodId: string;
  periodName: string;
}

export interface PeriodsTable {
  periodId: string;
  name: string;
  createdAt: string;
}

/** Certified-for-transaction scorecards as issued: what the verification page answers from. */
export interface CertifiedScorecardsTable {
  code: string;
  groupId: string;
  groupName: string;
  periodName: string;
  score: ColumnType<number | null, number | null, number | null>;
  category: string | null;
  /** SHA-256 of the scorecard JSON it certifies (changes when the scorecard changes). */
  scorecardHash: string;
  /** SHA-256 of the PDF bytes handed out. */
  pdfSha256: string;
  issuedTo: string;
  issuedAt: Timestamp;
}

/** Single-country certified-scorecard orders (commerce's purchase events): each unlocks one country and period. */
export interface CertifiedScorecardOrdersTable {
  purchaseId: string;
  userId: string;
  groupId: string;
  periodId: string;
  purchasedAt: string;
  revokedAt: string | null;
  revokedBecause: string | null;
}

/** The service's schema as its migrations leave it, with the kit's tables (outbox, processed events, rate limits). */
export interface DocumentsDB extends KitTables {
  files: FilesTable;
  documents: DocumentsTable;
  countries: CountriesTable;
  questionnaires: QuestionnairesTable;
  periods: PeriodsTable;
  certifiedScorecards: CertifiedScorecardsTable;
  certifiedScorecardOrders: CertifiedScorecardOrdersTable;
}
