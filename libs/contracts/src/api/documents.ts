import Type from 'typebox';

import { IdText, TextLimits } from './common';

/**
 * API contracts of the documents service (documents, their API calls and answer texts).
 * Field names are the spec's (PascalCase) because the web reads them as the spec names them.
 */

/* @__NO_SIDE_EFFECTS__ */
const Nullable = <T extends Type.TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** Access of a supporting document (Global, Member with a country, Admin). */
export const SupportingAccess = Type.Union([Type.Literal('Global'), Type.Literal('Member'), Type.Literal('Admin')]);
export type SupportingAccess = Type.Static<typeof SupportingAccess>;

/** Access of an ACID (insolvency) document; Private is the default. */
export const AcidAccess = Type.Union([Type.Literal('Public'), Type.Literal('Private')]);
export type AcidAccess = Type.Static<typeof AcidAccess>;

/** The Document entity as every list answers it. */
export const DocumentRow = Type.Object({
  Id: Type.String(),
  Title: Type.String(),
  /** The generated storage key; never a user-supplied name. */
  S3Name: Type.String(),
  /** ISO date-time of the upload. */
  Uploaded: Type.String(),
  Access: Type.String(),
  CountryId: Nullable(Type.String()),
  CountryName: Nullable(Type.String()),
  IsPrivate: Type.Boolean(),
  /** The uploaded file's (sanitized) name, used as the saved file name. */
  FileName: Type.String(),
  /** pdf, doc or docx. */
  FileType: Type.String(),
  /** Annotations only: the period the annotated questionnaire or enforceability record belongs to. */
  PeriodName: Type.Optional(Nullable(Type.String())),
});
export type DocumentRow = Type.Static<typeof DocumentRow>;

/** `POST api/document/supporting`. */
export const AddSupportingDocumentBody = Type.Object({
  Title: Type.String({ maxLength: TextLimits.line }),
  Access: Type.String({ maxLength: 50 }),
  CountryId: Type.Optional(Nullable(IdText())),
  S3Name: IdText(),
});
export type AddSupportingDocumentBody = Type.Static<typeof AddSupportingDocumentBody>;

/** `?type=` of uploads, annotations and country document lists: 1 questionnaire, 2 enforceability, 3 ACID. */
export const DocumentTypeQuery = Type.Object({ type: Type.Optional(Type.String({ maxLength: 10 })) });
export type DocumentTypeQuery = Type.Static<typeof DocumentTypeQuery>;

/** `POST api/document/annotation?type=1` (type 2 adds GroupId and PeriodId). */
export const AttachAnnotationBody = Type.Object({
  QuestionnaireId: Type.Optional(Nullable(IdText())),
  S3Name: IdText(),
  GroupId: Type.Optional(Nullable(IdText())),
  PeriodId: Type.Optional(Nullable(IdText())),
});
export type AttachAnnotationBody = Type.Static<typeof AttachAnnotationBody>;

/** A country for selection (`GET api/document/countries`). */
export const DocumentCountry = Type.Object({ Id: Type.String(), Name: Type.String() });
export type DocumentCountry = Type.Static<typeof DocumentCountry>;

/** `POST api/print` and `POST /internal/render`: HTML in, PDF bytes out. */
export const PrintBody = Type.Object({
  // the renderer's body limit (RENDER_MAX_HTML_BYTES, 10 MiB by default) refuses a larger page first
  html: Type.String({ minLength: 1, maxLength: 10 * 1024 * 1024 }),
  /** Saved file name (Content-Disposition); `.pdf` is added when missing. */
  filename: Type.Optional(Type.String({ maxLength: TextLimits.line })),
});
export type PrintBody = Type.Static<typeof PrintBody>;

/** `GET /api/acid/view/{S3Name}` and `GET /api/print/pdf/auth`. */
export const FilenameAnswer = Type.Object({ filename: Type.String() });
export type FilenameAnswer = Type.Static<typeof FilenameAnswer>;

export const PdfFilenameQuery = Type.Object({ filename: Type.String({ maxLength: TextLimits.line }) });

/** `GET api/group/annotations/{groupId}`: which annotation to e-mail (default: the newest of the type). */
export const AnnotationMailQuery = Type.Object({
  type: Type.Optional(Type.String({ maxLength: 10 })),
  s3Name: Type.Optional(IdText()),
});

/** Public answer of `GET api/document/verify/{code}` (certified-for-transaction scorecards). */
export const CertificateVerification = Type.Object({
  Code: Type.String(),
  GroupId: Type.String(),
  Country: Type.String(),
  Period: Type.String(),
  IssuedOn: Type.String(),
  Score: Nullable(Type.Number()),
  Category: Nullable(Type.String()),
  /** SHA-256 (hex) of the PDF as issued. */
  Sha256: Type.String(),
  /** Whether the country's scorecard has changed since this one was issued. */
  Superseded: Type.Boolean(),
  /** The scorecard that replaces it, when known. */
  SupersededBy: Nullable(
    Type.Object({
      Period: Type.String(),
      Score: Nullable(Type.Number()),
      Category: Nullable(Type.String()),
    }),
  ),
});
export type CertificateVerification = Type.Static<typeof CertificateVerification>;

/** `POST api/document/verify/{code}/file`: does an uploaded PDF match the one issued? */
export const CertificateFileCheck = Type.Object({ Matches: Type.Boolean(), Sha256: Type.String() });
export type CertificateFileCheck = Type.Static<typeof CertificateFileCheck>;

/**
 * `GET api/print/cft/orders`: the signed-in user's single-country certified-scorecard
 * orders still in force; each unlocks `GET api/print/cft/{GroupId}` for that period only.
 */
export const CertifiedScorecardOrder = Type.Object({
  GroupId: Type.String(),
  PeriodId: Type.String(),
  /** ISO date-time of the payment. */
  PurchasedOn: Type.String(),
});
export type CertifiedScorecardOrder = Type.Static<typeof CertifiedScorecardOrder>;
export const CertifiedScorecardOrders = Type.Array(CertifiedScorecardOrder);

/** Answer texts of the documents service, verbatim where the spec gives them. */
export const DocumentAnswers = {
  notUploaded: 'Document was not uploaded properly',
  deleted: 'Successfully Deleted.',
  fillAllFields: 'Please fill out all fields',
  noViewPermission: 'You do not have permission to view this document.',
  notViewable: 'This document type is not supported for in-browser viewing.',
  annotationsMailed: 'The annotations have been e-mailed to you.',
  noAnnotations: 'There are no annotations for this country.',
  unknownCertificate: 'No certified scorecard was issued with this verification code.',
  renderBusy: 'The PDF service is busy. Please try again in a moment.',
  rendererUnavailable: 'PDF documents cannot be produced at the moment. Please try again later.',
  /** A certified scorecard asked for by someone without CFT access or an order for the country's current period. */
  cftNotOrdered: 'Your order does not include the certified scorecard of this country for its current period.',
} as const;

/** Why an upload was refused (the `reason` beside the spec's `message`). */
export const UploadProblems = {
  missing: 'No file was sent (multipart field "file").',
  empty: 'The file is empty.',
  tooLarge: (limitMb: number) => `The file is larger than the ${limitMb} MB limit.`,
  extension: 'Only .pdf, .doc and .docx files are accepted.',
  content: 'The file content is not a PDF or Word document matching its extension.',
  name: 'The file name is not acceptable.',
  malformed: 'The upload is not a complete multipart form.',
  activeContent: 'The PDF carries JavaScript or an action that starts a program (/JS, /JavaScript, /Launch, /OpenAction to a script).',
  uncheckable: 'The PDF hides objects in a form that cannot be checked for scripts.',
  polyglot: 'The file is also a web page (HTML inside the PDF).',
  embeddedProgram: 'The document carries an embedded program or macros.',
  scriptLink:
    'The PDF has a link that runs a script or opens a file on the reader’s computer (a /URI to javascript:, vbscript:, data: or file:).',
  formSubmission: 'The PDF sends what is typed into it to another address (/SubmitForm).',
  remoteFile: 'The PDF opens or imports another file (/GoToR, /GoToE, /ImportData).',
  richMedia: 'The PDF embeds rich media (Flash or video: /RichMedia).',
  embeddedFile: 'The PDF carries an embedded file (/EmbeddedFile, a file attachment).',
  htmlPart: 'The Word document carries a web page or another document to import (an HTML, MHT or altChunk part).',
  expandsTooMuch: (limitMb: number) => `The document expands to more than ${limitMb} MB when opened.`,
} as const;

/** Error body of upload calls: the spec's text in `message`, the specific cause of a refused file in `reason`. */
export const UploadRefusal = Type.Object({
  statusCode: Type.Number(),
  error: Type.String(),
  message: Type.String(),
  reason: Type.Optional(Type.String()),
});
export type UploadRefusal = Type.Static<typeof UploadRefusal>;
