import type { DomainEvent, QuestionnaireChange } from '@cti/contracts';

export interface AddressedChange {
  questionnaireId: string;
  change: QuestionnaireChange;
}

/**
 * What an open questionnaire page must reload after one of this service's events: the
 * approvals, the answers (which also withdraw approvals; with the section's version, so a page
 * based on an older one knows its answers are stale), the locks (taken, also by another tab of the
 * same user, or released), the status, the consents or an admin note (with its version). Events no
 * page shows map to nothing.
 */
export function changesOf(event: DomainEvent): AddressedChange[] {
  const by = event.actor?.userId ?? null;
  switch (event.type) {
    case 'evt.questionnaire.approval.added':
      return [{ questionnaireId: event.data.questionnaireId, change: { kind: 'approval', sectionId: null, by } }];
    case 'evt.questionnaire.answer.saved': {
      const { sectionVersion } = event.data;
      return [
        {
          questionnaireId: event.data.questionnaireId,
          change: {
            kind: 'answers',
            sectionId: event.data.sectionId,
            by,
            ...(sectionVersion !== undefined ? { version: sectionVersion } : {}),
          },
        },
      ];
    }
    case 'evt.questionnaire.section.confirmed':
      return [{ questionnaireId: event.data.questionnaireId, change: { kind: 'answers', sectionId: event.data.sectionId, by } }];
    case 'evt.questionnaire.section.locked':
    case 'evt.questionnaire.section.unlocked':
      return [
        {
          questionnaireId: event.data.questionnaireId,
          change: {
            kind: 'lock',
            sectionId: event.data.sectionId,
            by: event.data.userId,
            locked: event.type === 'evt.questionnaire.section.locked',
          },
        },
      ];
    case 'evt.questionnaire.questionnaire.opened':
      return [{ questionnaireId: event.data.questionnaireId, change: { kind: 'status', sectionId: null, by, status: 'Open' } }];
    case 'evt.questionnaire.questionnaire.closed':
      return [{ questionnaireId: event.data.questionnaireId, change: { kind: 'status', sectionId: null, by, status: 'Closed' } }];
    case 'evt.questionnaire.period.opened':
      return event.data.closedQuestionnaireIds.map((questionnaireId) => ({
        questionnaireId,
        change: { kind: 'status', sectionId: null, by, status: 'Closed' },
      }));
    case 'evt.questionnaire.consent.given':
      return [{ questionnaireId: event.data.questionnaireId, change: { kind: 'consent', sectionId: null, by } }];
    case 'evt.questionnaire.adminComment.saved': {
      const { version } = event.data;
      return [
        {
          questionnaireId: event.data.questionnaireId,
          change: { kind: 'note', sectionId: event.data.sectionId, by, ...(version !== undefined ? { version } : {}) },
        },
      ];
    }
    default:
      return [];
  }
}
