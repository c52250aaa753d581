import Type from 'typebox';

const Nullable = <T extends Type.TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** Which catalogue a document belongs to. */
const DocumentKind = Type.Union([Type.Literal('supporting'), Type.Literal('acid'), Type.Literal('annotation')]);

const DocumentFacts = {
  documentId: Type.String(),
  kind: DocumentKind,
  s3Name: Type.String(),
  title: Type.String(),
  fileName: Type.String(),
  /** Global/Member/Admin (supporting), Public/Private (ACID), "Annotation". */
  access: Type.String(),
  /** Country group (supporting documents with Member access, annotations). */
  groupId: Nullable(Type.String()),
  groupName: Nullable(Type.String()),
};

/** Events published by the documents service (subject = key). */
export const DocumentsEvents = {
  /** A file passed the checks and was stored under a generated key. */
  'evt.documents.file.uploaded': Type.Object({
    s3Name: Type.String(),
    fileName: Type.String(),
    contentType: Type.String(),
    sizeBytes: Type.Integer(),
    sha256: Type.String(),
    /** What the upload is for: document (supporting), annotation1, annotation2, acid. */
    purpose: Type.String(),
  }),
  /** A supporting or ACID document was added to its catalogue. */
  'evt.documents.document.added': Type.Object(DocumentFacts),
  'evt.documents.document.deleted': Type.Object(DocumentFacts),
  /** An annotation file was attached to a questionnaire (type 1) or an enforceability record (type 2). */
  'evt.documents.annotation.attached': Type.Object({
    ...DocumentFacts,
    annotationType: Type.Union([Type.Literal(1), Type.Literal(2)]),
    questionnaireId: Nullable(Type.String()),
    periodId: Nullable(Type.String()),
    periodName: Nullable(Type.String()),
    /** The annotation it replaced, if any. */
    replacedS3Name: Nullable(Type.String()),
  }),
  /** A user asked for a country's annotations and was sent a download link by e-mail. */
  'evt.documents.annotation.emailed': Type.Object({
    ...DocumentFacts,
    to: Type.String(),
  }),
  /** A certified-for-transaction scorecard PDF was issued and downloaded. */
  'evt.documents.certifiedScorecard.downloaded': Type.Object({
    code: Type.String(),
    groupId: Type.String(),
    groupName: Type.String(),
    periodName: Type.String(),
    score: Nullable(Type.Number()),
    category: Nullable(Type.String()),
    sha256: Type.String(),
    issuedAt: Type.String(),
  }),
};
