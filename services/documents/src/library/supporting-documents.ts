import { canDownloadSupportingDocument, canSeeSupportingDocument, type Principal } from '@cti/access';
import { DocumentAnswers, type AddSupportingDocumentBody, type DocumentRow, type EventActor, type SupportingAccess } from '@cti/contracts';
import { appendToOutbox, BadRequest, type DataAccess } from '@cti/service-kit';

import { findCountry } from '../countries/repository';
import type { DocumentsDB, DocumentsExecutor } from '../db';
import { findFile, markAttached } from '../uploads/repository';

import { findDocumentByS3Name, insertDocument, listDocumentsOfKind, toDocumentRow } from './repository';

const ACCESS: readonly SupportingAccess[] = ['Global', 'Member', 'Admin'];
const isSupportingAccess = (a: string): a is SupportingAccess => (ACCESS as readonly string[]).includes(a);

export const UPLOAD_MISSING = 'The uploaded file was not found. Please upload it again.';

/** Checks that an S3Name is a stored upload of this purpose that no document uses yet. */
export async function requireFreshUpload(db: DocumentsExecutor, s3Name: string, purposes: readonly string[]) {
  const file = await findFile(db, s3Name);
  if (!file || file.attached || !purposes.includes(file.purpose)) throw new BadRequest(UPLOAD_MISSING);
  return file;
}

/** `POST api/document/supporting`: title, access and the uploaded file (and a country for Member). */
export async function addSupportingDocument(
  data: DataAccess<DocumentsDB>,
  body: AddSupportingDocumentBody,
  actor: EventActor | null,
): Promise<DocumentRow> {
  const title = body.Title?.trim() ?? '';
  const access = body.Access?.trim() ?? '';
  const countryId = body.CountryId?.trim() || null;
  if (!title || !body.S3Name || !isSupportingAccess(access) || (access === 'Member' && !countryId))
    throw new BadRequest(DocumentAnswers.fillAllFields);
  return data.inTransaction(async (trx) => {
    const file = await requireFreshUpload(trx, body.S3Name, ['document']);
    const country = access === 'Member' ? await findCountry(trx, countryId!) : null;
    if (access === 'Member' && !country) throw new BadRequest('Please select a country.');
    const { id } = await insertDocument(trx, {
      kind: 'supporting',
      title,
      s3Name: file.s3Name,
      access,
      groupId: country?.groupId ?? null,
      createdBy: actor?.userId ?? 'system',
      createdAt: data.clock.now().toISOString(),
    });
    await markAttached(trx, file.s3Name);
    await appendToOutbox(trx, {
      type: 'evt.documents.document.added',
      actor,
      data: {
        documentId: id,
        kind: 'supporting',
        s3Name: file.s3Name,
        title,
        fileName: file.fileName,
        access,
        groupId: country?.groupId ?? null,
        groupName: country?.name ?? null,
      },
    });
    return toDocumentRow((await findDocumentByS3Name(trx, file.s3Name))!);
  });
}

/** `POST api/document/all`: the supporting documents this user may see, newest first. */
export async function listSupportingDocuments(db: DocumentsExecutor, p: Principal): Promise<DocumentRow[]> {
  const docs = await listDocumentsOfKind(db, 'supporting');
  return docs.filter((d) => canSeeSupportingDocument(p, { access: d.access, countryId: d.groupId })).map(toDocumentRow);
}

export const mayDownloadSupporting = (p: Principal, d: { access: string; groupId: string | null }) =>
  canDownloadSupportingDocument(p, { access: d.access, countryId: d.groupId });
