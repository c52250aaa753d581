import Type from 'typebox';

const Nullable = <T extends Type.TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** How a user gets alert e-mails: each alert at once, a daily or weekly digest, or none (in-app only). */
export const AlertEmailMode = Type.Union([Type.Literal('immediate'), Type.Literal('daily'), Type.Literal('weekly'), Type.Literal('off')]);
export type AlertEmailMode = Type.Static<typeof AlertEmailMode>;

const Country = { groupId: Type.String(), groupName: Type.String() };

/** Events published by the notifications service (subject = key). */
export const NotificationsEvents = {
  /** A user started following a country. */
  'evt.notifications.follow.added': Type.Object({ userId: Type.String(), ...Country }),
  /** A user stopped following a country (on the site; the e-mail link is `alert.unsubscribed`). */
  'evt.notifications.follow.removed': Type.Object({ userId: Type.String(), ...Country }),
  /** An alert e-mail (one alert, or a digest of several) was handed to the mail port. */
  'evt.notifications.alert.sent': Type.Object({
    deliveryId: Type.String(),
    userId: Type.String(),
    email: Type.String(),
    mode: Type.Union([Type.Literal('immediate'), Type.Literal('daily'), Type.Literal('weekly')]),
    /** The alerts the e-mail carries, and their countries (none for library documents). */
    alertCount: Type.Integer(),
    groupNames: Type.Array(Type.String()),
    subject: Type.String(),
    mailId: Type.String(),
  }),
  /** The mail port could not deliver an alert e-mail (refused at once, or failed after its retries). */
  'evt.notifications.alert.bounced': Type.Object({
    deliveryId: Type.String(),
    userId: Type.String(),
    email: Type.String(),
    mailId: Nullable(Type.String()),
    reason: Type.String(),
  }),
  /**
   * A user unsubscribed: from one country's alerts (`country`) or from every alert e-mail
   * (`email`), with the one-click link of an alert e-mail or in their settings.
   */
  'evt.notifications.alert.unsubscribed': Type.Object({
    userId: Type.String(),
    scope: Type.Union([Type.Literal('country'), Type.Literal('email')]),
    groupId: Nullable(Type.String()),
    groupName: Nullable(Type.String()),
    via: Type.Union([Type.Literal('email-link'), Type.Literal('settings')]),
  }),
};
