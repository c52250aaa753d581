import type { DomainEvent } from '@cti/contracts';

export interface AuditRowDraft {
  action: string;
  /** HTML; every piece of user text in it is escaped. */
  value: string;
  questionId?: string | null;
  questionnaireId?: string | null;
  groupId?: string | null;
}

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: unknown) => String(text ?? '').replace(/[&<>"']/g, (c) => entities[c]!);

/** "evt.questionnaire.answer.saved" → "Answer Saved" for events without their own wording. */
function fallbackAction(type: string): string {
  const [, , entity = '', verb = ''] = type.split('.');
  const words = `${entity} ${verb}`.replace(/([a-z])([A-Z])/g, '$1 $2');
  return words.replace(/\b\w/g, (c) => c.toUpperCase()).trim();
}

/**
 * The audit row of an event, built from the event alone (ARCHITECTURE: audit).
 * Events without a specific description still get a row, so nothing is lost.
 */
export function describeEvent(event: DomainEvent): AuditRowDraft {
  switch (event.type) {
    case 'evt.identity.user.loggedIn':
      return { action: 'Login', value: `${escapeHtml(event.data.email)} logged in${event.data.free ? ' with free access' : ''}` };
    case 'evt.identity.user.loggedOut':
      return { action: 'Logout', value: `${escapeHtml(event.data.email)} logged out` };
    case 'evt.identity.user.agreed':
      return { action: 'Agreement', value: `${escapeHtml(event.data.email)} agreed to the Terms and Conditions` };
    case 'evt.identity.user.created':
      return { action: 'User Created', value: `Created user <b>${escapeHtml(event.data.name)}</b> (${escapeHtml(event.data.email)})` };
    case 'evt.identity.group.created':
      return { action: 'Group Created', value: `Created ${escapeHtml(event.data.type)} group <b>${escapeHtml(event.data.name)}</b>`, groupId: event.data.groupId };
    default: {
      // every event type without its own wording (and types newer than this code)
      const other = event as { type: string; data: Record<string, unknown> };
      const data = other.data ?? {};
      const pick = (k: string) => (typeof data[k] === 'string' ? (data[k] as string) : null);
      return {
        action: fallbackAction(other.type),
        value: escapeHtml(JSON.stringify(data)),
        questionId: pick('questionId'),
        questionnaireId: pick('questionnaireId'),
        groupId: pick('groupId'),
      };
    }
  }
}
