import type { IndexAccessSettings } from '@cti/access';
import type { DomainEvent } from '@cti/contracts';
import { COUNTRY_PERIOD_QUESTIONNAIRE_EVENTS } from '@cti/events';
import type { ConsumerDefinition } from '@cti/service-kit';

import { projectAnnotation } from './annotations/projection';
import { onComplianceIndex, projectCountry, type ContractingOf } from './countries/projection';
import type { ScoringDB, ScoringExecutor } from './db';
import { projectPeriodOrQuestionnaire, type QuestionnaireCreatedHook } from './periods/projection';

/** The events scoring consumes, in one durable consumer so their order is kept. */
export const CONSUMED_EVENTS = [
  ...COUNTRY_PERIOD_QUESTIONNAIRE_EVENTS,
  'evt.documents.annotation.attached',
  'evt.documents.document.deleted',
] as const;

export interface ProjectionOptions {
  settings: IndexAccessSettings;
  /** Which index a country first seen stands on (default: the Compliance Index). */
  contractingOf?: ContractingOf;
  /** Runs once a new questionnaire is recorded (the demo data's scores). */
  onQuestionnaireCreated?: QuestionnaireCreatedHook;
}

/**
 * Hands each consumed event to the projection it feeds (countries, periods and questionnaires,
 * annotations), in the consumer's transaction; each keeps the read models in step.
 */
export async function handleEvent(trx: ScoringExecutor, event: DomainEvent, options: ProjectionOptions): Promise<void> {
  const { settings, onQuestionnaireCreated } = options;
  const contractingOf = options.contractingOf ?? onComplianceIndex;
  switch (event.type) {
    case 'evt.identity.group.created':
    case 'evt.identity.group.updated':
      return projectCountry(trx, event, { settings, contractingOf });
    case 'evt.questionnaire.period.opened':
    case 'evt.questionnaire.questionnaire.created':
    case 'evt.questionnaire.questionnaire.opened':
    case 'evt.questionnaire.questionnaire.closed':
      return projectPeriodOrQuestionnaire(trx, event, { settings, contractingOf, onQuestionnaireCreated });
    case 'evt.documents.annotation.attached':
    case 'evt.documents.document.deleted':
      return projectAnnotation(trx, event, { settings });
    default:
      return;
  }
}

/** Scoring's one durable consumer (`scoring`): one stream of events, so their order is kept. */
export const scoringConsumer = (options: ProjectionOptions): ConsumerDefinition<ScoringDB> => ({
  filter: [...CONSUMED_EVENTS],
  handle: (event, trx) => handleEvent(trx, event, options),
});
