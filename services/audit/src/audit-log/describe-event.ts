import { roleNameOf } from '@cti/access';
import { stepOfSection, type DomainEvent, type EventData, type EventType } from '@cti/contracts';

import { clip, html, joinDescriptions, money, type Description } from './description';

/** What an event says in the audit log (the audit row), besides actor and time. */
export interface AuditRowDraft {
  action: string;
  description: Description;
  questionId?: string | null;
  questionnaireId?: string | null;
  groupId?: string | null;
}

type Describer<K extends EventType> = (data: EventData<K>) => AuditRowDraft;
type Describers = { [K in EventType]?: Describer<K> };

const roles = (ids: readonly number[]) => ids.map((id) => roleNameOf(id) ?? `role ${id}`).join(', ') || 'none';
const section = (sectionId: number) => stepOfSection(sectionId)?.label ?? `section ${sectionId}`;
/** "Ireland (2025 March)": where a questionnaire event happened. */
const where = (d: { groupName: string; periodName: string }) => html`<b>${d.groupName}</b> (${d.periodName})`;
const at = (d: { questionnaireId: string; groupId: string }) => ({ questionnaireId: d.questionnaireId, groupId: d.groupId });
/**
 * The account of a login, logout or agreement: its address (filled in by record-event.ts from
 * identity's other events; older events carried it), else its id.
 */
const account = (d: { userId: string; email?: string }) => d.email ?? `user ${d.userId}`;
const score = (value: number | null) => (value === null ? 'no score' : String(value));

/**
 * One wording per event type. Action is the short name the audit filter offers;
 * answers saved in the questionnaire are "Response" rows (Change Details).
 */
const describers: Describers = {
  // identity
  'evt.identity.user.loggedIn': (d) => ({
    action: 'Login',
    description: d.free ? html`${account(d)} logged in with free access` : html`${account(d)} logged in`,
  }),
  'evt.identity.user.loggedOut': (d) => ({ action: 'Logout', description: html`${account(d)} logged out` }),
  'evt.identity.user.agreed': (d) => ({ action: 'Agreement', description: html`${account(d)} agreed to the Terms and Conditions` }),
  'evt.identity.user.created': (d) => ({
    action: 'User Created',
    description: html`Created user <b>${d.name}</b> (${d.email}) with roles ${roles(d.roles)}`,
  }),
  'evt.identity.user.updated': (d) => ({
    action: 'User Updated',
    description: html`Updated user <b>${d.name}</b> (${d.email}), ${d.organizationName}: roles
      ${roles(d.roles)}${d.disabled ? ', disabled' : ''}`,
  }),
  'evt.identity.user.tokensRevoked': (d) => ({
    action: 'Sessions Revoked',
    description: d.sessionId
      ? html`Ended one session of ${d.email} on every service (${d.reason})`
      : html`Ended the sessions of ${d.email} on every service (${d.reason})`,
  }),
  'evt.identity.user.disabled': (d) => ({ action: 'User Disabled', description: html`Disabled user <b>${d.name}</b> (${d.email})` }),
  'evt.identity.user.rolesChanged': (d) => ({
    action: 'Roles Changed',
    description: html`Roles of ${d.email} are now ${roles(d.roles)}: ${d.reason}`,
  }),
  'evt.identity.apiKey.created': (d) => ({
    action: 'API Key Created',
    description: html`${d.email} created the API key
      <b>${d.name}</b> (${d.prefix}…)${d.expiresOn ? html`, valid until ${d.expiresOn}` : ''}`,
  }),
  'evt.identity.apiKey.revoked': (d) => ({
    action: 'API Key Revoked',
    description: d.byAdmin
      ? html`Revoked the API key <b>${d.name}</b> (${d.prefix}…) of ${d.email}`
      : html`${d.email} revoked their API key <b>${d.name}</b> (${d.prefix}…)`,
  }),
  'evt.identity.apiKey.used': (d) => ({
    action: 'API Key Used',
    description: html`First use on ${d.day} of the API key <b>${d.name}</b> (${d.prefix}…) of ${d.email}`,
  }),
  'evt.identity.account.updated': (d) => ({
    action: 'Account Updated',
    description: html`${d.email} updated their account (name <b>${d.name}</b>${d.passwordChanged ? ', new password' : ''})`,
  }),
  'evt.identity.group.created': (d) => ({
    action: 'Group Created',
    description: html`Created ${d.type} group <b>${d.name}</b>`,
    groupId: d.groupId,
  }),
  'evt.identity.group.updated': (d) => ({
    action: 'Group Updated',
    description: html`Updated ${d.type} group <b>${d.name}</b>`,
    groupId: d.groupId,
  }),
  'evt.identity.group.emailed': (d) => ({
    action: 'Group Email',
    description: html`E-mailed group <b>${d.name}</b> (${d.recipients.length} recipients): ${clip(d.subject)}`,
    groupId: d.groupId,
  }),
  'evt.identity.freeAccess.requested': (d) => ({
    action: 'Free Access Requested',
    description: html`${d.name} (${d.email}, ${d.company}) asked for free access`,
  }),
  'evt.identity.freeAccess.granted': (d) => ({
    action: 'Free Access',
    description: html`Free access granted to ${d.name} (${d.email}, ${d.company})`,
  }),
  'evt.identity.password.resetRequested': (d) => ({
    action: 'Password Reset Requested',
    description: html`${d.email} asked for a password reset link`,
  }),
  'evt.identity.password.reset': (d) => ({ action: 'Password Reset', description: html`${d.email} reset their password` }),
  'evt.identity.password.set': (d) => ({ action: 'Password Set', description: html`${d.email} set their first password` }),
  'evt.identity.signIn.locked': (d) => ({
    action: 'Sign-in Locked',
    description:
      d.scope === 'address'
        ? html`Locked sign-ins from address ${d.address} for ${d.minutes} minutes after ${d.failures} failed attempts`
        : d.scope === 'account-address'
          ? html`Locked sign-ins to ${d.email} from address ${d.address} for ${d.minutes} minutes after ${d.failures} failed
            attempts${d.unlockMailed ? '; an unlock link was e-mailed' : ''}`
          : html`Locked sign-ins to ${d.email} from addresses it never used for ${d.minutes} minutes after ${d.failures} failed attempts
            (the last from ${d.address})${d.unlockMailed ? '; an unlock link was e-mailed' : ''}`,
  }),
  'evt.identity.signIn.unlocked': (d) => ({
    action: 'Sign-in Unlocked',
    description: html`${d.email} unlocked sign-ins from address ${d.address} with the e-mailed link`,
  }),
  'evt.identity.welcome.sent': (d) => ({ action: 'Welcome Email', description: html`Sent the welcome e-mail to ${d.email}` }),
  'evt.identity.request.created': (d) => ({
    action: 'Access Request',
    description: html`${d.type} access request from ${d.email} (${d.organization})`,
  }),
  'evt.identity.request.approved': (d) => ({
    action: 'Access Request Approved',
    description: html`Approved the ${d.type} access request of ${d.email} (${d.organization}) for ${d.userIds.length} user(s)`,
  }),
  'evt.identity.request.denied': (d) => ({
    action: 'Access Request Denied',
    description: html`Denied the ${d.type} access request of ${d.email} (${d.organization})`,
  }),
  'evt.identity.mail.sent': (d) => ({
    action: 'Email Sent',
    description: html`Sent ${d.kind} e-mail “${clip(d.subject)}” to ${d.to.join(', ')}`,
  }),
  'evt.identity.mail.failed': (d) => ({
    action: 'Email Failed',
    description: html`Could not deliver ${d.kind} e-mail “${clip(d.subject)}” to ${d.to.join(', ')}: ${clip(d.error)}`,
  }),

  // questionnaire
  'evt.questionnaire.period.opened': (d) => ({
    action: 'Period Opened',
    description: html`Opened period <b>${d.name}</b>: ${d.openedQuestionnaireIds.length} questionnaires opened,
      ${d.closedQuestionnaireIds.length} closed`,
  }),
  'evt.questionnaire.questionnaire.created': (d) => ({
    action: 'Questionnaire Created',
    description: html`Created the questionnaire of ${where(d)}`,
    ...at(d),
  }),
  'evt.questionnaire.questionnaire.opened': (d) => ({
    action: 'Questionnaire Opened',
    description: html`Opened the questionnaire of ${where(d)}`,
    ...at(d),
  }),
  'evt.questionnaire.questionnaire.closed': (d) => ({
    action: 'Questionnaire Closed',
    description: html`Closed the questionnaire of ${where(d)}`,
    ...at(d),
  }),
  'evt.questionnaire.answer.saved': (d) => ({
    action: 'Response',
    // an answer cleared by a change elsewhere (its question became hidden) says where that change was
    description:
      d.clearedBySectionId === undefined
        ? html`Changed the answer to <i>${clip(d.question)}</i> in ${where(d)}, ${section(d.sectionId)}`
        : html`Cleared the answer to <i>${clip(d.question)}</i> in ${where(d)}, ${section(d.sectionId)}, after a change in
            ${section(d.clearedBySectionId)}`,
    questionId: d.questionId,
    ...at(d),
  }),
  'evt.questionnaire.consent.given': (d) => ({
    action: 'Consent',
    description: html`Answered <b>${d.answer}</b> to the consent of ${where(d)}`,
    ...at(d),
  }),
  'evt.questionnaire.approval.added': (d) => ({
    action: 'Approval',
    description: html`${d.name} (${d.organizationName}) approved the questionnaire of ${where(d)}`,
    ...at(d),
  }),
  'evt.questionnaire.section.locked': (d) => ({
    action: 'Section Locked',
    description: html`Opened ${section(d.sectionId)} of ${where(d)} for editing`,
    ...at(d),
  }),
  'evt.questionnaire.section.unlocked': (d) => ({
    action: 'Section Unlocked',
    description: html`Released ${section(d.sectionId)} of ${where(d)}`,
    ...at(d),
  }),
  'evt.questionnaire.section.confirmed': (d) => ({
    action: 'Section Confirmed',
    description: html`Confirmed ${section(d.sectionId)} of ${where(d)} unchanged since ${d.carriedFromPeriodName}`,
    ...at(d),
  }),
  'evt.questionnaire.adminComment.saved': (d) => ({
    action: 'Admin Comment',
    description: html`Saved the admin notes of ${section(d.sectionId)} in ${where(d)}`,
    ...at(d),
  }),

  // scoring
  'evt.scoring.scores.saved': (d) => ({
    action: 'Score Saved',
    description: html`Scored ${where(d)}: ${score(d.score)}
    (${d.category})${d.previousScore !== null && d.previousScore !== d.score ? `, was ${d.previousScore}` : ''}`,
    ...at(d),
  }),
  'evt.scoring.enforceability.saved': (d) => ({
    action: 'Enforceability Saved',
    description: html`Enforceability of ${where(d)}: ${score(d.score)} (${d.category})`,
    groupId: d.groupId,
  }),
  'evt.scoring.country.reclassified': (d) => ({
    action: 'Country Reclassified',
    description: html`Moved <b>${d.groupName}</b> to the ${d.contracting ? 'Compliance Index (contracting state)' : 'Enforceability Index'}`,
    groupId: d.groupId,
  }),

  // documents
  'evt.documents.file.uploaded': (d) => ({
    action: 'File Uploaded',
    description: html`Uploaded ${d.fileName} (${d.contentType}, ${Math.ceil(d.sizeBytes / 1024)} KB) as ${d.purpose}`,
  }),
  'evt.documents.document.added': (d) => ({
    action: 'Document Added',
    description: html`Added ${d.kind} document <b>${d.title}</b> (${d.fileName}, ${d.access}${d.groupName ? `, ${d.groupName}` : ''})`,
    groupId: d.groupId,
  }),
  'evt.documents.document.deleted': (d) => ({
    action: 'Document Deleted',
    description: html`Deleted ${d.kind} document <b>${d.title}</b> (${d.fileName})`,
    groupId: d.groupId,
  }),
  'evt.documents.annotation.attached': (d) => ({
    action: 'Annotation Attached',
    description: html`Attached annotation ${d.fileName} to the ${d.annotationType === 1 ? 'questionnaire' : 'enforceability record'} of
      <b>${d.groupName}</b>${d.periodName ? ` (${d.periodName})` : ''}`,
    questionnaireId: d.questionnaireId,
    groupId: d.groupId,
  }),
  'evt.documents.annotation.emailed': (d) => ({
    action: 'Annotation Emailed',
    description: html`E-mailed annotation ${d.fileName} of <b>${d.groupName}</b> to ${d.to}`,
    groupId: d.groupId,
  }),
  'evt.documents.certifiedScorecard.downloaded': (d) => ({
    action: 'Certified Scorecard',
    description: html`Issued certified scorecard ${d.code} of <b>${d.groupName}</b> (${d.periodName}):
      ${score(d.score)}${d.category ? ` (${d.category})` : ''}`,
    groupId: d.groupId,
  }),

  // commerce
  'evt.commerce.purchase.completed': (d) => ({
    action: 'Purchase',
    description: html`Purchased <b>${d.productName}</b> for ${money(d.amountCents)} ${d.currency} (transaction ${d.transactionId})`,
    groupId: d.groupId ?? null,
  }),
  'evt.commerce.purchase.refunded': (d) => ({
    action: 'Refund',
    description: html`Refunded <b>${d.productName}</b>, ${money(d.amountCents)} (transaction ${d.transactionId})`,
  }),
  'evt.commerce.purchase.expired': (d) => ({
    action: 'Purchase Expired',
    description: html`Access bought with <b>${d.productName}</b> ended`,
  }),
  'evt.commerce.subscription.cancelled': (d) => ({
    action: 'Subscription Cancelled',
    description: html`Cancelled the <b>${d.productName}</b> subscription (${d.reason}); access ends ${d.endsOn.slice(0, 10)}`,
  }),
  'evt.commerce.subscription.planChanged': (d) => ({
    action: 'Plan Changed',
    description: html`Moved a subscription from <b>${d.fromProductName}</b> to <b>${d.productName}</b>`,
  }),
  'evt.commerce.product.saved': (d) => ({
    action: d.created ? 'Product Created' : 'Product Updated',
    description: html`${d.created ? 'Created' : 'Updated'} product <b>${d.name}</b> at ${money(d.price)}`,
  }),
  'evt.commerce.product.deleted': (d) => ({ action: 'Product Deleted', description: html`Deleted product <b>${d.name}</b>` }),
  'evt.commerce.product.restored': (d) => ({ action: 'Product Restored', description: html`Restored product <b>${d.name}</b>` }),
  'evt.commerce.plan.created': (d) => ({ action: 'Plan Created', description: html`Created a subscription plan for <b>${d.name}</b>` }),
  'evt.commerce.plan.removed': (d) => ({ action: 'Plan Removed', description: html`Removed plan ${d.removedPlanId} of <b>${d.name}</b>` }),

  // audit (its own entries are published, not recorded again: the wording is for completeness)
  'evt.audit.entry.recorded': (d) => ({
    action: 'Audit Entry',
    description: html`Published audit row #${d.seq} (${d.action})`,
    groupId: d.subject.groupId,
  }),
  'evt.audit.chain.broken': (d) => {
    const what = d.reason === 'altered' ? 'altered' : d.reason === 'missing' ? 'removed' : 'and every later row removed';
    const row = `row #${d.seq}${d.action ? ` (${d.action})` : ''}`;
    return {
      action: 'Chain Broken',
      description: html`The audit chain check started by ${d.startedBy} found ${row} ${what} after ${d.checked} of ${d.total} rows verified`,
    };
  },

  // notifications
  'evt.notifications.follow.added': (d) => ({
    action: 'Follow',
    description: html`Started following <b>${d.groupName}</b>`,
    groupId: d.groupId,
  }),
  'evt.notifications.follow.removed': (d) => ({
    action: 'Unfollow',
    description: html`Stopped following <b>${d.groupName}</b>`,
    groupId: d.groupId,
  }),
  'evt.notifications.alert.sent': (d) => {
    const what = d.mode === 'immediate' ? 'an alert' : `a ${d.mode} digest`;
    const count = `${d.alertCount} alert${d.alertCount === 1 ? '' : 's'}${d.groupNames.length ? ` about ${d.groupNames.join(', ')}` : ''}`;
    return { action: 'Alert Sent', description: html`Sent ${what} e-mail to ${d.email}: ${count}` };
  },
  'evt.notifications.alert.bounced': (d) => ({
    action: 'Alert Bounced',
    description: html`The alert e-mail to ${d.email} was not delivered: ${clip(d.reason)}`,
  }),
  'evt.notifications.alert.unsubscribed': (d) => ({
    action: 'Alert Unsubscribe',
    description:
      d.scope === 'country'
        ? html`Unsubscribed from the alerts about
            <b>${d.groupName}</b> ${d.via === 'email-link' ? 'with the link of an alert e-mail' : 'in the alert settings'}`
        : html`Turned alert e-mails off ${d.via === 'email-link' ? 'with the link of an alert e-mail' : 'in the alert settings'}`,
    groupId: d.groupId,
  }),
};

/** "evt.documents.certifiedScorecard.downloaded" → "Certified Scorecard Downloaded". */
export function fallbackAction(type: string): string {
  const [, , entity = '', verb = ''] = type.split('.');
  const words = `${entity} ${verb}`.replace(/([a-z])([A-Z])/g, '$1 $2');
  return words.replace(/\b\w/g, (c) => c.toUpperCase()).trim() || type;
}

const readable = (value: unknown): string => {
  if (value === null || value === undefined) return '–';
  if (Array.isArray(value)) return value.map(readable).join(', ') || 'none';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/**
 * Event types without their own wording (types added after this code): the service
 * and the data's fields, readable, escaped, and the ids the row links to.
 */
function describeUnknown(type: string, data: unknown): AuditRowDraft {
  const fields = data && typeof data === 'object' ? Object.entries(data as Record<string, unknown>) : [];
  const pick = (k: string) => {
    const v = fields.find(([key]) => key === k)?.[1];
    return typeof v === 'string' ? v : null;
  };
  const [, service = 'unknown'] = type.split('.');
  const details = joinDescriptions(
    fields.map(([key, value]) => html`<b>${key}</b>: ${clip(readable(value))}`),
    '; ',
  );
  const title = html`${fallbackAction(type)} (${service})`;
  return {
    action: fallbackAction(type),
    description: fields.length ? joinDescriptions([title, details], ': ') : title,
    questionId: pick('questionId'),
    questionnaireId: pick('questionnaireId'),
    groupId: pick('groupId'),
  };
}

/** The audit row of an event, built from the event alone (ARCHITECTURE: audit). */
export function describeEvent(event: DomainEvent | { type: string; data: unknown }): AuditRowDraft {
  const describer = (describers as Record<string, ((data: unknown) => AuditRowDraft) | undefined>)[event.type];
  return describer ? describer(event.data) : describeUnknown(event.type, event.data);
}

/** Whether an event type has its own wording (tests: every declared type should). */
export const hasOwnWording = (type: string) => type in describers;
