import Type from 'typebox';

const Group = Type.Object({
  groupId: Type.String(),
  name: Type.String(),
  type: Type.String(),
  countryId: Type.Union([Type.String(), Type.Null()]),
  logoPath: Type.Union([Type.String(), Type.Null()]),
});

/**
 * The user's e-mail address on the events of a session or an agreement: not sent any more (no
 * consumer needs it; the audit log looks the address up by `userId`), present on older events only.
 */
const FormerEmail = Type.Optional(Type.String({ description: 'Not sent any more; present on older events only.' }));

/** Events published by the identity service. */
export const IdentityEvents = {
  /** A user signed in (`free`: with free access). Names the user by id only. */
  'evt.identity.user.loggedIn': Type.Object({
    userId: Type.String(),
    email: FormerEmail,
    free: Type.Boolean(),
  }),
  /** A session ended, or every session of the user (`allSessions`). Names the user by id only. */
  'evt.identity.user.loggedOut': Type.Object({
    userId: Type.String(),
    email: FormerEmail,
    free: Type.Boolean(),
    /** True when every session of the user ended (an admin signed them out), false for one session. */
    allSessions: Type.Optional(Type.Boolean()),
  }),
  /** The user agreed to the Terms and Conditions. Names the user by id only. */
  'evt.identity.user.agreed': Type.Object({
    userId: Type.String(),
    email: FormerEmail,
  }),
  'evt.identity.user.created': Type.Object({
    userId: Type.String(),
    email: Type.String(),
    name: Type.String(),
    roles: Type.Array(Type.Number()),
    groupIds: Type.Array(Type.String()),
  }),
  'evt.identity.user.updated': Type.Object({
    userId: Type.String(),
    email: Type.String(),
    name: Type.String(),
    organizationName: Type.String(),
    roles: Type.Array(Type.Number()),
    groupIds: Type.Array(Type.String()),
    disabled: Type.Boolean(),
  }),
  /** A user was disabled by an admin (also carried as `disabled` on user.updated). */
  'evt.identity.user.disabled': Type.Object({
    userId: Type.String(),
    email: Type.String(),
    name: Type.String(),
  }),
  /** Roles granted or taken back outside the users admin (purchases, refunds, approvals). */
  'evt.identity.user.rolesChanged': Type.Object({
    userId: Type.String(),
    email: Type.String(),
    roles: Type.Array(Type.Number()),
    groupIds: Type.Array(Type.String()),
    reason: Type.String(),
  }),
  /**
   * Access tokens of the user issued before `revokedBefore` are void on every service
   * (disabled, access taken away, password changed, signed out everywhere). Each
   * process keeps these in memory (service-kit auth); a refused token answers
   * Token-Expired, so a session that is still allowed refreshes into current claims.
   */
  'evt.identity.user.tokensRevoked': Type.Object({
    userId: Type.String(),
    email: Type.String(),
    /** ISO time with milliseconds. */
    revokedBefore: Type.String(),
    reason: Type.String(),
    /** Set when one session ended (a logout): only that session's tokens (claim `sid`) are void. */
    sessionId: Type.Optional(Type.String()),
  }),
  /** A personal read-only API key was created (the key itself is never in an event). */
  'evt.identity.apiKey.created': Type.Object({
    keyId: Type.String(),
    userId: Type.String(),
    email: Type.String(),
    name: Type.String(),
    prefix: Type.String(),
    expiresOn: Type.Union([Type.String(), Type.Null()]),
  }),
  /** A key was revoked by its owner or by an admin (`byAdmin`). */
  'evt.identity.apiKey.revoked': Type.Object({
    keyId: Type.String(),
    userId: Type.String(),
    email: Type.String(),
    name: Type.String(),
    prefix: Type.String(),
    byAdmin: Type.Boolean(),
  }),
  /** The first request made with a key on a day (UTC). */
  'evt.identity.apiKey.used': Type.Object({
    keyId: Type.String(),
    userId: Type.String(),
    email: Type.String(),
    name: Type.String(),
    prefix: Type.String(),
    day: Type.String(),
  }),
  /** A user changed their own name or password on My account. */
  'evt.identity.account.updated': Type.Object({
    userId: Type.String(),
    email: Type.String(),
    name: Type.String(),
    passwordChanged: Type.Boolean(),
  }),
  'evt.identity.group.created': Group,
  /** Same shape as created: consumers upsert their projection of the group. */
  'evt.identity.group.updated': Group,
  /** An admin e-mailed the members of a group (Send Email). */
  'evt.identity.group.emailed': Type.Object({
    groupId: Type.String(),
    name: Type.String(),
    subject: Type.String(),
    recipients: Type.Array(Type.String()),
  }),
  /** A visitor asked for free access; a confirmation e-mail went out. */
  'evt.identity.freeAccess.requested': Type.Object({
    email: Type.String(),
    name: Type.String(),
    company: Type.String(),
  }),
  /** A free user was let in (confirmed e-mail, or a returning confirmed free user). */
  'evt.identity.freeAccess.granted': Type.Object({
    userId: Type.String(),
    email: Type.String(),
    name: Type.String(),
    company: Type.String(),
  }),
  /** Recorded only for existing accounts; the caller gets the same answer either way. */
  'evt.identity.password.resetRequested': Type.Object({
    userId: Type.String(),
    email: Type.String(),
  }),
  'evt.identity.password.reset': Type.Object({
    userId: Type.String(),
    email: Type.String(),
  }),
  /** A new user set their first password from the welcome e-mail. */
  'evt.identity.password.set': Type.Object({
    userId: Type.String(),
    email: Type.String(),
  }),
  /**
   * Sign-ins were locked after too many failures: from one client address for every account
   * (`address`), for one account from one address (`account-address`), or for one account
   * from every address it never signed in from (`account`). `email` and `userId` are null
   * for an address lock; `userId` is null when no account has that e-mail.
   */
  'evt.identity.signIn.locked': Type.Object({
    scope: Type.Union([Type.Literal('address'), Type.Literal('account-address'), Type.Literal('account')]),
    address: Type.String(),
    email: Type.Union([Type.String(), Type.Null()]),
    userId: Type.Union([Type.String(), Type.Null()]),
    failures: Type.Integer(),
    /** How long the lock lasts at most, unless its owner unlocks it first. */
    minutes: Type.Integer(),
    /** Whether the owner was e-mailed an unlock link. */
    unlockMailed: Type.Boolean(),
  }),
  /** The owner opened the e-mailed unlock link: sign-ins from `address` are open to the account again. */
  'evt.identity.signIn.unlocked': Type.Object({
    userId: Type.String(),
    email: Type.String(),
    address: Type.String(),
  }),
  'evt.identity.welcome.sent': Type.Object({
    userId: Type.String(),
    email: Type.String(),
  }),
  'evt.identity.request.created': Type.Object({
    requestId: Type.String(),
    email: Type.String(),
    type: Type.String(),
    organization: Type.String(),
    userManagerId: Type.Union([Type.String(), Type.Null()]),
  }),
  'evt.identity.request.approved': Type.Object({
    requestId: Type.String(),
    email: Type.String(),
    type: Type.String(),
    organization: Type.String(),
    userIds: Type.Array(Type.String()),
  }),
  'evt.identity.request.denied': Type.Object({
    requestId: Type.String(),
    email: Type.String(),
    type: Type.String(),
    organization: Type.String(),
  }),
  /** An e-mail left through the mail adapter (SendGrid or the dev mailbox). */
  'evt.identity.mail.sent': Type.Object({
    mailId: Type.String(),
    kind: Type.String(),
    to: Type.Array(Type.String()),
    subject: Type.String(),
  }),
  /** A queued e-mail could not be delivered after its last attempt (the address refused it, or the provider did). */
  'evt.identity.mail.failed': Type.Object({
    mailId: Type.String(),
    kind: Type.String(),
    to: Type.Array(Type.String()),
    subject: Type.String(),
    /** The caller's idempotency key, when it gave one (notifications: its delivery id). */
    idempotencyKey: Type.Union([Type.String(), Type.Null()]),
    error: Type.String(),
  }),
} as const;
