import Type from 'typebox';

import { AlertEmailMode } from '../events/notifications';

/* @__NO_SIDE_EFFECTS__ */
const Nullable = <T extends Type.TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** Answer texts of following and alerts. */
export const NotificationMessages = {
  countryNotFound: 'Country not found.',
  noAccess: 'You do not have access to this country.',
  followed: (country: string) => `You now follow ${country}.`,
  unfollowed: (country: string) => `You no longer follow ${country}.`,
  badToken: 'This unsubscribe link is not valid. Open your alert settings to change what you receive.',
  unsubscribedCountry: (country: string) => `You will no longer get alerts about ${country}.`,
  unsubscribedEmail: 'You will no longer get alert e-mails. Alerts still show in the app.',
  resubscribedCountry: (country: string) => `You follow ${country} again.`,
  resubscribedEmail: 'Alert e-mails are on again.',
  loadFailed: 'Your alerts could not be loaded. Please try again later.',
  followFailed: 'Following could not be changed. Please try again later.',
  settingsSaved: 'Alert settings saved.',
} as const;

/** What an alert is about; one alert may say several of these in its one line. */
export const AlertKind = Type.Union([
  Type.Literal('period'),
  Type.Literal('score'),
  Type.Literal('category'),
  Type.Literal('watchlist'),
  Type.Literal('notice'),
  Type.Literal('adjustment'),
  Type.Literal('suspension'),
  Type.Literal('asu'),
  Type.Literal('document'),
]);
export type AlertKind = Type.Static<typeof AlertKind>;

/** A country the user follows (GET api/follow). */
export const FollowedCountry = Type.Object({
  GroupId: Type.String(),
  Group: Type.String(),
  CountryId: Nullable(Type.String()),
  LogoPath: Nullable(Type.String()),
  Since: Type.String(),
  /** False when the user's access no longer opens this scorecard: its alerts are held back. */
  Visible: Type.Boolean(),
});
export type FollowedCountry = Type.Static<typeof FollowedCountry>;
export const FollowList = Type.Array(FollowedCountry);
/** Country group ids are identity's ids (UUIDs); anything else is refused before it reaches a query. */
export const FollowParams = Type.Object({ groupId: Type.String({ pattern: '^[0-9A-Za-z_-]{1,100}$' }) });

/** One alert of the in-app list: one line saying what changed and why, linking to the scorecard. */
export const NotificationItem = Type.Object({
  Id: Type.String(),
  GroupId: Nullable(Type.String()),
  Group: Nullable(Type.String()),
  Kinds: Type.Array(AlertKind),
  Line: Type.String(),
  /** Path in the web app (the scorecard, or the documents page). */
  Link: Type.String(),
  CreatedAt: Type.String(),
  Read: Type.Boolean(),
});
export type NotificationItem = Type.Static<typeof NotificationItem>;

/** GET api/notifications/list: newest first; `before` is the NextCursor of the previous page. */
export const NotificationListQuery = Type.Object({
  before: Type.Optional(Type.String({ maxLength: 200 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export const NotificationList = Type.Object({
  Items: Type.Array(NotificationItem),
  UnreadCount: Type.Integer(),
  NextCursor: Nullable(Type.String()),
});
export type NotificationList = Type.Static<typeof NotificationList>;

export const UnreadCount = Type.Object({ Count: Type.Integer() });
export type UnreadCount = Type.Static<typeof UnreadCount>;

/** POST api/notifications/read: the given alerts, or all of them. */
export const MarkReadBody = Type.Object({
  Ids: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 200 })),
  All: Type.Optional(Type.Boolean()),
});
export type MarkReadBody = Type.Static<typeof MarkReadBody>;

/** GET/PUT api/notifications/settings. */
export const AlertSettings = Type.Object({ Email: AlertEmailMode });
export type AlertSettings = Type.Static<typeof AlertSettings>;

/** POST api/notifications/unsubscribe (and /resubscribe, its undo): the token of an e-mail's link; no sign-in. */
export const UnsubscribeBody = Type.Object({ token: Type.String({ minLength: 10, maxLength: 1000 }) });
export type UnsubscribeBody = Type.Static<typeof UnsubscribeBody>;
export const UnsubscribeAnswer = Type.Object({
  message: Type.String(),
  Scope: Type.Union([Type.Literal('country'), Type.Literal('email')]),
  Group: Nullable(Type.String()),
});
export type UnsubscribeAnswer = Type.Static<typeof UnsubscribeAnswer>;
