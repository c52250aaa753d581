import { canSeeAnnotations, canSeeScorecardDocuments, type IndexAccessSettings, type Principal } from '@cti/access';
import {
  DocumentAnswers,
  type AccessClaims,
  type AttachAnnotationBody,
  type DocumentRow,
  type EventActor,
  type MailMessage,
} from '@cti/contracts';
import { actorFromClaims, appendToOutbox, BadRequest, type DataAccess, Forbidden, NotFound } from '@cti/service-kit';

import { findCountry, findPeriod, findQuestionnaire } from '../countries/repository';
import type { DocumentsDB, DocumentsExecutor } from '../db';
import { deleteDocumentRow, findDocumentByS3Name, insertDocument, toDocumentRow } from '../library/repository';
import { requireFreshUpload } from '../library/supporting-documents';
import { escapeHtml } from '../rendering/html';
import { contentTypeForDownload } from '../storage/content-types';
import type { FileStorage } from '../storage/file-storage';
import { deleteFile, markAttached } from '../uploads/repository';
import { removeObjectQuietly, type FileDeps } from '../uploads/stored-files';

import { annotationsOf, findAnnotationOf } from './repository';

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
  deps: FileDeps,
  type: AnnotationType,
  body: AttachAnnotationBody,
  actor: EventActor | null,
): Promise<DocumentRow> {
  const questionnaireId = body.QuestionnaireId?.trim() || null;
  const givenGroupId = body.GroupId?.trim() || null;
  const givenPeriodId = body.PeriodId?.trim() || null;
  if (!body.S3Name || (type === 1 && !questionnaireId) || (type === 2 && (!givenGroupId || !givenPeriodId)))
    throw new BadRequest(DocumentAnswers.fillAllFields);

  const { row, replaced } = await deps.inTransaction(async (trx) => {
    const file = await requireFreshUpload(trx, body.S3Name, ['annotation1', 'annotation2', 'document']);
    const questionnaire = type === 1 ? await findQuestionnaire(trx, questionnaireId!) : undefined;
    // a questionnaire not projected yet gets its country and period when its event arrives
    const groupId = type === 1 ? (questionnaire?.groupId ?? null) : givenGroupId;
    const periodId = type === 1 ? (questionnaire?.periodId ?? null) : givenPeriodId;
    const country = groupId ? await findCountry(trx, groupId) : undefined;
    const period = periodId ? await findPeriod(trx, periodId) : undefined;

    const previous = await findAnnotationOf(trx, type === 1 ? { type, questionnaireId } : { type, groupId, periodId });
    if (previous) {
      await deleteDocumentRow(trx, previous.id);
      await deleteFile(trx, previous.s3Name);
    }
    const { id } = await insertDocument(trx, {
      kind: 'annotation',
      title: file.fileName,
      s3Name: file.s3Name,
      access: 'Annotation',
      groupId,
      periodId,
      questionnaireId: type === 1 ? questionnaireId : null,
      annotationType: type,
      createdBy: actor?.userId ?? 'system',
      createdAt: deps.clock.now().toISOString(),
    });
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
  if (replaced) await removeObjectQuietly(deps, replaced);
  return row;
}

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

/** What e-mailing an annotation takes: data access, signed links from storage, and a way to send the mail (identity's mail port). */
export interface AnnotationMailDeps extends DataAccess<DocumentsDB> {
  readonly storage: Pick<FileStorage, 'signedDownloadUrl'>;
  readonly sendMail: (mail: MailMessage) => Promise<unknown>;
}

/**
 * `api/group/annotations/{groupId}`: e-mails the user a time-limited download link to the
 * country's annotation (the newest of the type, or the one named), through identity's mail.
 */
export async function emailAnnotation(
  deps: AnnotationMailDeps,
  claims: AccessClaims,
  p: Principal,
  input: {
    groupId: string;
    type: AnnotationType;
    s3Name?: string;
    linkTtlSeconds: number;
    settings: IndexAccessSettings;
  },
): Promise<{ message: string }> {
  const db = deps.db;
  const country = await findCountry(db, input.groupId);
  if (!canSeeAnnotations(p, { groupId: input.groupId, countryId: country?.countryCode ?? null }, input.settings)) throw new Forbidden();
  const query = annotationsOf(db, input.groupId, input.type);
  const doc = await (input.s3Name ? query.where('d.s3Name', '=', input.s3Name) : query).executeTakeFirst();
  if (!doc) throw new NotFound(DocumentAnswers.noAnnotations);

  const url = await deps.storage.signedDownloadUrl(doc.s3Name, {
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
  await deps.sendMail(mail);
  await deps.inTransaction((trx) =>
    appendToOutbox(trx, {
      type: 'evt.documents.annotation.emailed',
      actor: actorFromClaims(claims),
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
