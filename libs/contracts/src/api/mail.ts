import Type from 'typebox';

/**
 * A mail to send through identity's mail adapter (SendGrid in production, the dev
 * mailbox otherwise). Other services post it to identity's `POST /internal/mail/send`
 * with the service token.
 */
export const MailMessage = Type.Object({
  to: Type.Array(Type.String(), { minItems: 1 }),
  cc: Type.Optional(Type.Array(Type.String())),
  subject: Type.String({ minLength: 1 }),
  /** HTML body; user text in it must already be escaped. */
  html: Type.String(),
  text: Type.Optional(Type.String()),
  /** Which flow sent it (welcome, reset-password, contact, annotations, …), for the mailbox and the audit log. */
  kind: Type.String(),
});
export type MailMessage = Type.Static<typeof MailMessage>;
