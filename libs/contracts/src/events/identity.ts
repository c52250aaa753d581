import Type from 'typebox';

const Group = Type.Object({
  groupId: Type.String(),
  name: Type.String(),
  type: Type.String(),
  countryId: Type.Union([Type.String(), Type.Null()]),
  logoPath: Type.Union([Type.String(), Type.Null()]),
});

/** Events published by the identity service. */
export const IdentityEvents = {
  'evt.identity.user.loggedIn': Type.Object({
    userId: Type.String(),
    email: Type.String(),
    free: Type.Boolean(),
  }),
  'evt.identity.user.loggedOut': Type.Object({
    userId: Type.String(),
    email: Type.String(),
    free: Type.Boolean(),
  }),
  'evt.identity.user.agreed': Type.Object({
    userId: Type.String(),
    email: Type.String(),
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
  'evt.identity.group.created': Group,
  /** Same shape as created: consumers upsert their projection of the group. */
  'evt.identity.group.updated': Group,
} as const;
