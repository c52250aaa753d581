import { CONTACT_MESSAGE_MAX, ContactAnswers } from '@cti/contracts';

/** The contact form's types (`/contact/{type}`), its texts and its limit. */
export const CONTACT_TYPES = ['compliance', 'technical', 'general', 'comments'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];
export const isContactType = (value: string | undefined): value is ContactType => CONTACT_TYPES.includes(value as ContactType);

/** The same limit and answer texts identity enforces. */
export const MESSAGE_MAX_LENGTH = CONTACT_MESSAGE_MAX;

export const ContactTexts = {
  complianceTitle: 'Report Compliance Activity',
  otherTitle: 'Comments/Inquiries',
  missingFields: ContactAnswers.missingFields,
  sent: ContactAnswers.sent,
  failed: ContactAnswers.failed,
} as const;

export const contactTitle = (type: ContactType) => (type === 'compliance' ? ContactTexts.complianceTitle : ContactTexts.otherTitle);
