import { canReadAcidDocument, canSeeAnnotations, type IndexAccessSettings, type Principal } from '@cti/access';

import type { StoredDocument } from './repository';
import { mayDownloadSupporting } from './supporting-documents';

/** Who may download a stored document, by its catalogue. */
export function mayDownloadDocument(p: Principal, doc: StoredDocument, settings: IndexAccessSettings): boolean {
  switch (doc.kind) {
    case 'supporting':
      return mayDownloadSupporting(p, doc);
    case 'acid':
      return canReadAcidDocument(p);
    case 'annotation':
      // the annotations rule only (not the wider scorecard-documents rule: Standard reads no annotations);
      // an annotation whose questionnaire is not projected yet has no country: role rules only
      return canSeeAnnotations(p, { groupId: doc.groupId ?? '', countryId: doc.countryCode }, settings);
  }
}
