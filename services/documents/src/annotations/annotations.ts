import { canSeeAnnotations, canSeeScorecardDocuments, type IndexAccessSettings, type Principal } from '@cti/access';
import {
  DocumentAnswers,
  type AccessClaims,
  type AttachAnnotationBody,
  type DocumentRow,
  type EventActor,
  type MailMessage,
} from '@cti/contracts';
import { appendToOutbox, BadRequest, callService, Forbidden, NotFound } from '@cti/service-kit';

import { findCountry, findPeriod, findQuestionnaire } from '../countries/projections';
import type { DocumentsExecutor, DocumentsApp } from '../db';
import { documentsWithFiles, findDocumentByS3Name, toDocumentRow } from '../library/repository';
import { requireFreshUpload } from '../library/supporting-documents';
import { escapeHtml } from '../rendering/html';
import { contentTypeForDownload } from '../storage/content-types';
import { markAttached } from '../uploads/repository';
import { removeObjectQuietly } from '../uploads/stored-files';

export type AnnotationType = 1 | 2;

/** `?type=` of the annotation calls: 1 questionnaire (compliance), 2 enforceability. */
export function annotationTypeOf(raw: string | undefined, fallback?: AnnotationType): AnnotationType {
  if ((raw === undefined || raw === '') && fallback) return fallback;
  if (raw === '1' || raw === '2') return Number(raw) as AnnotationType;
  throw new BadRequest('type must be 1 (questionnaire) or 2 (enforceability).');
}

/**
 * `POST api/document/annotation?type=1|2`: attaches an uploaded file as the annotation of
 * a questionnaire (type 1) or of a country's enforceability record for a period (type 2),
 * replacing the one it had.
 */
export async function attachAnnotation(
  app: DocumentsApp,
  type: AnnotationType,
  body: AttachAnnotationBody,
  actor: EventActor | null,
): Promise<DocumentRow> {
  const questionnaireId = body.QuestionnaireId?.trim() || null;
  const givenGroupId = body.GroupId?.trim() || null;
  const givenPeriodId = body.PeriodId?.trim() || null;
  if (!body.S3Name || (type === 1 && !questionnaireId) || (type === 2 && (!givenGroupId || !givenPeriodId)))
    throw new BadRequest(DocumentAnswers.fillAllFields);

  const { row, replaced } = await app.inTransaction(async (trx: DocumentsExecutor) => {
    const file = await requireFreshUpload(trx, body.S3Name, ['annotation1', 'annotation2', 'document']);
    const questionnaire = type === 1 ? await findQuestionnaire(trx, questionnaireId!) : undefined;
    // a questionnaire not projected yet gets its country and period when its event arrives
    const groupId = type === 1 ? (questionnaire?.groupId ?? null) : givenGroupId;
    const periodId = type === 1 ? (questionnaire?.periodId ?? null) : givenPeriodId;
    const country = groupId ? await findCountry(trx, groupId) : undefined;
    const period = periodId ? await findPeriod(trx, periodId) : undefined;

    const previous = await trx
      .selectFrom('documents')
      .select(['id', 's3Name'])
      .where('kind', '=', 'annotation')
      .where('annotationType', '=', type)
      .$call((q) =>
        type === 1 ? q.where('questionnaireId', '=', questionnaireId) : q.where('groupId', '=', groupId).where('periodId', '=', periodId),
      )
      .executeTakeFirst();
    if (previous) {
      await trx.deleteFrom('documents').where('id', '=', previous.id).execute();
      await trx.deleteFrom('files').where('s3Name', '=', previous.s3Name).execute();
    }
    const { id } = await trx
      .insertInto('documents')
      .values({
        kind: 'annotation',
        title: file.fileName,
        s3Name: file.s3Name,
        access: 'Annotation',
        groupId,
        periodId,
        questionnaireId: type === 1 ? questionnaireId : null,
        annotationType: type,
        createdBy: actor?.userId ?? 'system',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await markAttached(trx, file.s3Name);
    await appendToOutbox(trx, {
      type: 'evt.documents.annotation.attached',
      actor,
      data: {
        documentId: id,
        kind: 'annotation',
        s3Name: file.s3Name,
        title: file.fileName,
        fileName: file.fileName,
        access: 'Annotation',
        groupId,
        groupName: country?.name ?? questionnaire?.groupName ?? null,
        annotationType: type,
        questionnaireId: type === 1 ? questionnaireId : null,
        periodId,
        periodName: questionnaire?.periodName ?? period?.name ?? null,
        replacedS3Name: previous?.s3Name ?? null,
      },
    });
    return { row: toDocumentRow((await findDocumentByS3Name(trx, file.s3Name))!), replaced: previous?.s3Name };
  });
  if (replaced) await removeObjectQuietly(app, replaced);
  return row;
}

const annotationsOf = (db: DocumentsExecutor, groupId: string, type: AnnotationType) =>
  documentsWithFiles(db)
    .where('d.kind', '=', 'annotation')
    .where('d.groupId', '=', groupId)
    .where('d.annotationType', '=', type)
    .orderBy('d.createdAt', 'desc');

/**
 * `POST api/document/all/{groupId}?type=1|2`: a country's documents for its scorecard. The
 * scorecard's documents roles may ask; its annotations are listed only to those who may
 * read annotations (the annotations rule), so a Standard subscriber gets none.
 */
export async function listCountryDocuments(
  db: DocumentsExecutor,
  p: Principal,
  groupId: string,
  type: AnnotationType,
  settings: IndexAccessSettings,
): Promise<DocumentRow[]> {
  const country = await findCountry(db, groupId);
  const of = { groupId, countryId: country?.countryCode ?? null };
  if (!canSeeScorecardDocuments(p, of)) throw new Forbidden();
  if (!canSeeAnnotations(p, of, settings)) return [];
  return (await annotationsOf(db, groupId, type).execute()).map(toDocumentRow);
}

/**
 * `api/group/annotations/{groupId}`: e-mails the user a time-limited download link to the
 * country's annotation (the newest of the type, or the one named), through identity's mail.
 */
export async function emailAnnotation(
  app: DocumentsApp,
  claims: AccessClaims,
  p: Principal,
  input: {
    groupId: string;
    type: AnnotationType;
    s3Name?: string;
    linkTtlSeconds: number;
    settings: IndexAccessSettings;
    requestId: string;
  },
): Promise<{ message: string }> {
  const db = app.db;
  const country = await findCountry(db, input.groupId);
  if (!canSeeAnnotations(p, { groupId: input.groupId, countryId: country?.countryCode ?? null }, input.settings)) throw new Forbidden();
  const query = annotationsOf(db, input.groupId, input.type);
  const doc = await (input.s3Name ? query.where('d.s3Name', '=', input.s3Name) : query).executeTakeFirst();
  if (!doc) throw new NotFound(DocumentAnswers.noAnnotations);

  const url = await app.storage.signedDownloadUrl(doc.s3Name, {
    expiresInSeconds: input.linkTtlSeconds,
    fileName: doc.fileName,
    contentType: contentTypeForDownload(doc.fileName),
  });
  const countryName = doc.countryName ?? doc.questionnaireGroupName ?? 'the country';
  const period = doc.periodName ?? doc.questionnairePeriodName;
  const days = Math.round(input.linkTtlSeconds / 86_400);
  const mail: MailMessage = {
    to: [claims.email],
    subject: `Annotations for ${countryName}${period ? ` (${period})` : ''}`,
    html: `<p>Hello ${escapeHtml(claims.name)},</p>
<p>Here are the ${input.type === 2 ? 'enforceability ' : ''}annotations you asked for: <a href="${escapeHtml(url)}">${escapeHtml(doc.fileName)}</a>.</p>
<p>The link works for ${days >= 1 ? `${days} day${days === 1 ? '' : 's'}` : 'a limited time'}; ask for the annotations again on the scorecard after that.</p>`,
    text: `Annotations for ${countryName}: ${url}`,
    kind: 'annotations',
  };
  await callService(app, 'identity', '/internal/mail/send', { body: mail, requestId: input.requestId });
  await app.inTransaction((trx: DocumentsExecutor) =>
    appendToOutbox(trx, {
      type: 'evt.documents.annotation.emailed',
      actor: { userId: claims.sub, name: claims.name, email: claims.email, groupNames: claims.groupNames },
      data: {
        documentId: doc.id,
        kind: 'annotation',
        s3Name: doc.s3Name,
        title: doc.title,
        fileName: doc.fileName,
        access: doc.access,
        groupId: doc.groupId,
        groupName: countryName,
        to: claims.email,
      },
    }),
  );
  return { message: DocumentAnswers.annotationsMailed };
}
