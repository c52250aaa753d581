import type { IndexAccessSettings } from '@cti/access';
import type { DomainEvent } from '@cti/contracts';

import type { ScoringExecutor } from '../db';
import { findQuestionnairePlace } from '../periods/repository';
import { rebuildReadModels } from '../read-models/rebuild';

import { deleteAnnotationsByS3Name, upsertAnnotation } from './repository';

/**
 * Keeps the projection of the annotation files attached in documents (`annotations`, shown on
 * the scorecards) and the scorecards that show them, in the consumer's transaction.
 */
export async function projectAnnotation(
  trx: ScoringExecutor,
  event: DomainEvent,
  options: { settings: IndexAccessSettings },
): Promise<void> {
  switch (event.type) {
    case 'evt.documents.annotation.attached': {
      const a = event.data;
      let groupId = a.groupId;
      let periodId = a.periodId;
      // documents may not know the questionnaire yet (its events race): scoring's own projection does
      if (a.questionnaireId && (!groupId || !periodId)) {
        const q = await findQuestionnairePlace(trx, a.questionnaireId);
        groupId = groupId ?? q?.groupId ?? null;
        periodId = periodId ?? q?.periodId ?? null;
      }
      if (!groupId || !periodId) return;
      await upsertAnnotation(trx, { annotationType: a.annotationType, groupId, periodId, name: a.title || a.fileName, s3Name: a.s3Name });
      await rebuildReadModels(trx, options.settings, { groupIds: [groupId] });
      return;
    }
    case 'evt.documents.document.deleted': {
      // a deleted annotation leaves the scorecard (its AnnotationName) at once
      if (event.data.kind !== 'annotation') return;
      const removed = await deleteAnnotationsByS3Name(trx, event.data.s3Name);
      if (removed.length) await rebuildReadModels(trx, options.settings, { groupIds: [...new Set(removed.map((r) => r.groupId))] });
      return;
    }
    default:
      return;
  }
}
