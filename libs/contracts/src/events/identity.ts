import Type from 'typebox';

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
  'evt.identity.group.created': Type.Object({
    groupId: Type.String(),
    name: Type.String(),
    type: Type.String(),
    countryId: Type.Union([Type.String(), Type.Null()]),
    logoPath: Type.Union([Type.String(), Type.Null()]),
  }),
} as const;
