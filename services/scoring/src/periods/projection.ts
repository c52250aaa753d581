import type { IndexAccessSettings } from '@cti/access';
import type { DomainEvent } from '@cti/contracts';
import { projectPeriod } from '@cti/events';

import { ensureCountry, type ContractingOf } from '../countries/projection';
import type { ScoringExecutor } from '../db';
import { rebuildReadModels } from '../read-models/rebuild';

import { findPeriod, setQuestionnaireStatus, upsertPeriod, upsertQuestionnaire } from './repository';

/** Called in the consumer's transaction once a new questionnaire is recorded (the demo seeds its scores). */
export type QuestionnaireCreatedHook = (
  trx: ScoringExecutor,
  event: DomainEvent<'evt.questionnaire.questionnaire.created'>,
) => Promise<void>;

export interface PeriodProjectionOptions {
  settings: IndexAccessSettings;
  /** Which index a country first named by a questionnaire event stands on. */
  contractingOf: ContractingOf;
  onQuestionnaireCreated?: QuestionnaireCreatedHook;
}

/**
 * Keeps the projection of questionnaire's periods and questionnaires (`periods`,
 * `questionnaires`: which period is current, each questionnaire's country, status and
 * closing date), in the consumer's transaction.
 */
export async function projectPeriodOrQuestionnaire(
  trx: ScoringExecutor,
  event: DomainEvent,
  options: PeriodProjectionOptions,
): Promise<void> {
  switch (event.type) {
    case 'evt.questionnaire.period.opened': {
      const p = event.data;
      await projectPeriod(trx, event, { table: 'periods', row: () => ({ name: p.name, createdAt: p.createdAt }) });
      await setQuestionnaireStatus(trx, p.closedQuestionnaireIds, 'Closed', event.occurredAt);
      await rebuildReadModels(trx, options.settings);
      return;
    }
    case 'evt.questionnaire.questionnaire.created': {
      const q = event.data;
      await ensureCountry(trx, q.groupId, q.groupName, options.contractingOf);
      await ensurePeriod(trx, q.periodId, q.periodName, event.occurredAt);
      await upsertQuestionnaire(trx, { questionnaireId: q.questionnaireId, groupId: q.groupId, periodId: q.periodId });
      await options.onQuestionnaireCreated?.(trx, event);
      return;
    }
    case 'evt.questionnaire.questionnaire.opened':
    case 'evt.questionnaire.questionnaire.closed': {
      const q = event.data;
      await ensureCountry(trx, q.groupId, q.groupName, options.contractingOf);
      await ensurePeriod(trx, q.periodId, q.periodName, event.occurredAt);
      const closed = event.type === 'evt.questionnaire.questionnaire.closed';
      await upsertQuestionnaire(trx, {
        questionnaireId: q.questionnaireId,
        groupId: q.groupId,
        periodId: q.periodId,
        status: closed ? 'Closed' : 'Open',
        closedOn: closed ? event.data.closedOn : null,
      });
      return;
    }
    default:
      return;
  }
}

async function ensurePeriod(trx: ScoringExecutor, periodId: string, name: string, occurredAt: string): Promise<void> {
  if (!(await findPeriod(trx, periodId))) await upsertPeriod(trx, { periodId, name, createdAt: occurredAt });
}
