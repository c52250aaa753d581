import Type from 'typebox';

import { Uuid } from './common';

/** A personal read-only API key as its owner and admins see it (never the key itself). */
export const ApiKeyView = Type.Object({
  Id: Type.String(),
  Name: Type.String(),
  /** The first characters of the key, to tell keys apart. */
  Prefix: Type.String(),
  CreatedAt: Type.String(),
  /** Last day the key may be used (YYYY-MM-DD), or null for no expiry. */
  ExpiresOn: Type.Union([Type.String(), Type.Null()]),
  /** Day of the last request made with the key, or null. */
  LastUsedOn: Type.Union([Type.String(), Type.Null()]),
  RevokedAt: Type.Union([Type.String(), Type.Null()]),
});
export type ApiKeyView = Type.Static<typeof ApiKeyView>;
export const ApiKeyList = Type.Array(ApiKeyView);
export type ApiKeyList = Type.Static<typeof ApiKeyList>;

export const CreateApiKeyBody = Type.Object({
  Name: Type.String({ maxLength: 100 }),
  ExpiresOn: Type.Optional(Type.Union([Type.String({ format: 'date' }), Type.Null()])),
});
export type CreateApiKeyBody = Type.Static<typeof CreateApiKeyBody>;

/** The answer to creating a key: the only time the key itself is shown. */
export const CreatedApiKey = Type.Intersect([ApiKeyView, Type.Object({ Key: Type.String() })]);
export type CreatedApiKey = Type.Static<typeof CreatedApiKey>;

export const ApiKeyIdParam = Type.Object({ keyId: Uuid() });

/** Internal: the gateway hands identity a presented key and the request's method. */
export const ResolveApiKeyBody = Type.Object({ key: Type.String({ maxLength: 200 }) });
export type ResolveApiKeyBody = Type.Static<typeof ResolveApiKeyBody>;
/** Where the key's window of its per-minute limit stands after a request (what its client paces itself by). */
export const KeyRateLimit = Type.Object({
  limit: Type.Integer({ description: 'Requests the key may make per window' }),
  remaining: Type.Integer({ description: 'Requests left in the current window' }),
  resetSeconds: Type.Integer({ description: 'Seconds until the current window ends' }),
  windowSeconds: Type.Integer({ description: 'Length of a window in seconds' }),
});
export type KeyRateLimit = Type.Static<typeof KeyRateLimit>;
/**
 * A short-lived read-only access token of the key's owner, with their access as it is now, and
 * the key's limit as this request left it; `token` is null when the request is past the limit.
 */
export const ResolvedApiKey = Type.Object({
  token: Type.Union([Type.String(), Type.Null()]),
  keyId: Type.String(),
  userId: Type.String(),
  rateLimit: KeyRateLimit,
});
export type ResolvedApiKey = Type.Static<typeof ResolvedApiKey>;
/** Internal: the gateway gives back a key request that cost nothing (answered 304 Not Modified). */
export const RefundApiKeyRequestBody = Type.Object({ keyId: Uuid() });
export type RefundApiKeyRequestBody = Type.Static<typeof RefundApiKeyRequestBody>;

/** The texts of API key answers. */
export const ApiKeyMessages = {
  notEntitled: 'API keys are for Standard and Enhanced subscribers and working-group members.',
  nameRequired: 'Please give the key a name.',
  expiryInPast: 'The expiry date must be in the future.',
  expiryInvalid: 'The expiry date must be a day written as YYYY-MM-DD.',
  tooMany: 'You already have 10 API keys. Revoke one first.',
  notFound: 'No such API key.',
  missing: 'An API key is required: send it as "Authorization: ApiKey <key>" or "X-Api-Key: <key>".',
  invalid: 'This API key is not valid: it is unknown, revoked or expired.',
  readOnly: 'API keys are read-only: only GET requests are served.',
  rateLimited: 'This API key made too many requests. Please wait and try again.',
} as const;

/** Active keys one user may hold at a time. */
export const MAX_API_KEYS_PER_USER = 10;
