import type { DomainEvent } from '@cti/contracts';
import type { Transaction } from '@cti/db';
import { projectCountryGroup, projectPeriod } from '@cti/events';

import type { DocumentsDB } from '../db';

import { placeAnnotationsOfQuestionnaire, upsertQuestionnaire } from './repository';

/**
 * Local projections this service reads instead of other schemas: country groups (identity),
 * questionnaires and periods (questionnaire). Upserts, so replays change nothing.
 */
export async function projectEvent(event: DomainEvent, trx: Transaction<DocumentsDB>): Promise<void> {
  switch (event.type) {
    case 'evt.identity.group.created':
    case 'evt.identity.group.updated':
      await projectCountryGroup(trx, event, { table: 'countries', row: (g) => ({ name: g.name, countryCode: g.countryId }) });
      return;
    case 'evt.questionnaire.period.opened':
      await projectPeriod(trx, event, {
        table: 'periods',
        row: (p) => ({ name: p.name, createdAt: p.createdAt }),
        update: (p) => ({ name: p.name }),
      });
      return;
    case 'evt.questionnaire.questionnaire.created':
    case 'evt.questionnaire.questionnaire.opened':
    case 'evt.questionnaire.questionnaire.closed': {
      const q = event.data;
      const row = {
        questionnaireId: q.questionnaireId,
        groupId: q.groupId,
        groupName: q.groupName,
        periodId: q.periodId,
        periodName: q.periodName,
      };
      await upsertQuestionnaire(trx, row);
      // annotations attached before this questionnaire was known get their country and period now
      await placeAnnotationsOfQuestionnaire(trx, row);
      return;
    }
    default:
      return;
  }
}
