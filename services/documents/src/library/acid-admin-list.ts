import { canManageDocuments, type Principal } from '@cti/access';
import type { DocumentRow } from '@cti/contracts';
import { Forbidden } from '@cti/service-kit';

import type { DocumentsExecutor } from '../db';

import { listDocumentsOfKind, toDocumentRow } from './repository';

/**
 * `POST api/document/all?type=3`: every ACID document, for the admin page. The library's
 * catalogue route serves it, so it lives with the library's table rather than in acid/.
 */
export async function listAcidDocumentsForAdmin(db: DocumentsExecutor, p: Principal): Promise<DocumentRow[]> {
  if (!canManageDocuments(p)) throw new Forbidden();
  return (await listDocumentsOfKind(db, 'acid')).map(toDocumentRow);
}
