import Type from 'typebox';

import { TextLimits } from './common';

/**
 * A mail to send through identity's mail adapter (SendGrid in production, the dev
 * mailbox otherwise). Other services post it to identity's `POST /internal/mail/send`
 * with the service token.
 */
export const MailMessage = Type.Object({
  to: Type.Array(Type.String({ maxLength: TextLimits.email }), { minItems: 1, maxItems: 1000 }),
  cc: Type.Optional(Type.Array(Type.String({ maxLength: TextLimits.email }), { maxItems: 1000 })),
  subject: Type.String({ minLength: 1, maxLength: 1000 }),
  /** HTML body; user text in it must already be escaped. */
  html: Type.String({ maxLength: TextLimits.html }),
  text: Type.Optional(Type.String({ maxLength: TextLimits.html })),
  /** Where replies go (the contact form's sender). */
  replyTo: Type.Optional(Type.String({ maxLength: TextLimits.email })),
  /** Which flow sent it (welcome, reset-password, contact, annotations, …), for the mailbox and the audit log. */
  kind: Type.String({ maxLength: 100 }),
  /**
   * Sending again with the same key queues nothing new and answers the first mail's id,
   * so a caller that crashed after sending can safely send again.
   */
  idempotencyKey: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
});
export type MailMessage = Type.Static<typeof MailMessage>;

/** `POST /internal/mail/send` answer: the queued mail's id and whether it left already. */
export const MailSendAnswer = Type.Object({ id: Type.String(), status: Type.String() });
export type MailSendAnswer = Type.Static<typeof MailSendAnswer>;

/** Contact message, `POST api/mail/contact`. */
export const ContactMessage = Type.Object({
  firstname: Type.String({ maxLength: 200 }),
  lastname: Type.String({ maxLength: 200 }),
  email: Type.String({ maxLength: 320 }),
  group: Type.String({ maxLength: 400 }),
  /** Max 500 characters. */
  message: Type.String({ maxLength: 5000 }),
  /** compliance, technical, general or comments (the /contact/{type} page). */
  category: Type.Optional(Type.String({ maxLength: 100 })),
});
export type ContactMessage = Type.Static<typeof ContactMessage>;

export const CONTACT_MESSAGE_MAX = 500;

export const ContactAnswers = {
  missingFields: 'Please fill out all forms.',
  tooLong: 'Your message must be 500 characters or fewer.',
  sent: "Thank you, We've received your message!",
  failed: 'An issue occurred and the message was not sent.',
} as const;

/** A mail as the dev mailbox lists it (`GET /api/mail/dev/messages`; never in production). */
export const MailboxMessage = Type.Object({
  Id: Type.String(),
  Kind: Type.String(),
  To: Type.Array(Type.String()),
  Cc: Type.Array(Type.String()),
  Subject: Type.String(),
  Html: Type.String(),
  Text: Type.String(),
  /** Every link of the body, in order, so a newcomer can click through flows offline. */
  Links: Type.Array(Type.Object({ Href: Type.String(), Text: Type.String() })),
  Status: Type.String(),
  CreatedAt: Type.String(),
  SentAt: Type.Union([Type.String(), Type.Null()]),
});
export type MailboxMessage = Type.Static<typeof MailboxMessage>;
