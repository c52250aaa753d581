import type { DomainEvent, QuestionnaireChange } from '@cti/contracts';

export interface AddressedChange {
  questionnaireId: string;
  change: QuestionnaireChange;
}

/**
 * What an open questionnaire page must reload after one of this service's events: the
 * approvals, the answers (which also withdraw approvals), the locks, the status or the
 * consents. Events no page shows map to nothing.
 */
export function changesOf(event: DomainEvent): AddressedChange[] {
  const by = event.actor?.userId ?? null;
  switch (event.type) {
    case 'evt.questionnaire.approval.added':
      return [{ questionnaireId: event.data.questionnaireId, change: { kind: 'approval', sectionId: null, by } }];
    case 'evt.questionnaire.answer.saved':
    case 'evt.questionnaire.section.confirmed':
      return [{ questionnaireId: event.data.questionnaireId, change: { kind: 'answers', sectionId: event.data.sectionId, by } }];
    case 'evt.questionnaire.section.locked':
    case 'evt.questionnaire.section.unlocked':
      return [
        { questionnaireId: event.data.questionnaireId, change: { kind: 'lock', sectionId: event.data.sectionId, by: event.data.userId } },
      ];
    case 'evt.questionnaire.questionnaire.opened':
    case 'evt.questionnaire.questionnaire.closed':
      return [{ questionnaireId: event.data.questionnaireId, change: { kind: 'status', sectionId: null, by } }];
    case 'evt.questionnaire.period.opened':
      return event.data.closedQuestionnaireIds.map((questionnaireId) => ({
        questionnaireId,
        change: { kind: 'status', sectionId: null, by },
      }));
    case 'evt.questionnaire.consent.given':
      return [{ questionnaireId: event.data.questionnaireId, change: { kind: 'consent', sectionId: null, by } }];
    default:
      return [];
  }
}
