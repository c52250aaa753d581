import { canUseApiKeys, READ_ONLY_SCOPE } from '@cti/access';
import {
  ApiKeyMessages,
  MAX_API_KEYS_PER_USER,
  type AccessClaims,
  type ApiKeyView,
  type CreateApiKeyBody,
  type CreatedApiKey,
  type EventActor,
  type ResolvedApiKey,
} from '@cti/contracts';
import {
  actorFromClaims,
  appendToOutbox,
  BadRequest,
  type Clock,
  Forbidden,
  NotFound,
  principalOf,
  type RateLimit,
  type RateLimitState,
  Unauthorized,
} from '@cti/service-kit';

import type { IdentityExecutor } from '../db';
import { lockUserRow } from '../sessions/repository';
import { currentAccessClaims } from '../sessions/session';
import { hashToken, newOpaqueToken } from '../tokens/opaque-tokens';

import {
  apiKeyView,
  countActiveKeys,
  findKeyById,
  findUsableKeyByHash,
  insertApiKey,
  keysOfUser,
  markRevoked,
  markUsedToday,
  ownerOfKey,
} from './repository';

/** What the API key use-cases need: a transaction runner, the signer of key tokens, the per-key limit, the clock. */
export interface ApiKeyDeps {
  inTransaction<T>(work: (trx: IdentityExecutor) => Promise<T>): Promise<T>;
  /** Signs the short-lived token a key request is served with (on real time, as every token: see sessions/tokens.ts). */
  signKeyToken(claims: AccessClaims, options: { notAfterMs?: number | null }): string;
  /** Counts one request of the key and says where its window stands. */
  takeRateLimit(key: string, limit: RateLimit): Promise<RateLimitState>;
  /** Takes one request of the key's current window back. */
  giveBackRateLimit(key: string, limit: RateLimit): Promise<void>;
  requestsPerMinute: number;
  /** The service clock: key expiry days, the day of use, revocation times and the owner's access are read on it. */
  clock: Clock;
}

/** Keys start with this, so they are recognisable in logs and secret scanners. */
const KEY_PREFIX = 'cti_';
/** How much of a key is kept in clear to tell keys apart (the prefix and 8 characters). */
const SHOWN_LENGTH = KEY_PREFIX.length + 8;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day (not 2026-02-30) written as YYYY-MM-DD. */
function isCalendarDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return DATE.test(day) && !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}
const todayUtc = (now: Date) => now.toISOString().slice(0, 10);

/** Owners of keys: Standard and above, working-group members, admins (the caller's current token). */
export function assertMayHoldKeys(caller: AccessClaims): void {
  if (caller.scope === READ_ONLY_SCOPE || !canUseApiKeys(principalOf(caller))) throw new Forbidden(ApiKeyMessages.notEntitled);
}

export async function listOwnKeys(db: IdentityExecutor, caller: AccessClaims): Promise<ApiKeyView[]> {
  assertMayHoldKeys(caller);
  return (await keysOfUser(db, caller.sub)).map(apiKeyView);
}

/** Creates a key for the caller; the answer is the only time the key is shown (only its SHA-256 is stored). */
export async function createApiKey(
  deps: ApiKeyDeps,
  caller: AccessClaims,
  body: CreateApiKeyBody,
  actor: EventActor | null,
): Promise<CreatedApiKey> {
  assertMayHoldKeys(caller);
  const name = body.Name.replace(/\p{Cc}/gu, '').trim();
  if (!name) throw new BadRequest(ApiKeyMessages.nameRequired);
  const expiresOn = body.ExpiresOn ?? null;
  if (expiresOn !== null && !isCalendarDay(expiresOn)) throw new BadRequest(ApiKeyMessages.expiryInvalid);
  const today = todayUtc(deps.clock.now());
  if (expiresOn !== null && expiresOn < today) throw new BadRequest(ApiKeyMessages.expiryInPast);
  const key = `${KEY_PREFIX}${newOpaqueToken()}`;
  const row = await deps.inTransaction(async (trx) => {
    // one holder of the owner's row at a time: two tabs cannot both pass the count
    // a genuine token of an account that is gone
    if (!(await lockUserRow(trx, caller.sub))) throw new Unauthorized();
    if ((await countActiveKeys(trx, caller.sub, today)) >= MAX_API_KEYS_PER_USER) throw new BadRequest(ApiKeyMessages.tooMany);
    const created = await insertApiKey(trx, {
      userId: caller.sub,
      name,
      prefix: key.slice(0, SHOWN_LENGTH),
      keyHash: hashToken(key),
      expiresOn,
    });
    await appendToOutbox(trx, {
      type: 'evt.identity.apiKey.created',
      actor,
      data: { keyId: created.id, userId: caller.sub, email: caller.email, name, prefix: created.prefix, expiresOn },
    });
    return created;
  });
  return { ...apiKeyView(row), Key: key };
}

/** Revokes a key: its owner their own, an admin anyone's. Revoking a revoked key answers it as it is. */
export async function revokeApiKey(deps: ApiKeyDeps, caller: AccessClaims, keyId: string, actor: EventActor | null): Promise<ApiKeyView> {
  if (caller.scope === READ_ONLY_SCOPE) throw new Forbidden(ApiKeyMessages.readOnly);
  const now = deps.clock.now();
  return deps.inTransaction(async (trx) => {
    const key = await findKeyById(trx, keyId);
    // someone else's key reads as no key at all, unless the caller is an admin
    if (!key || (key.userId !== caller.sub && !caller.isAdmin)) throw new NotFound(ApiKeyMessages.notFound);
    const revoked = await markRevoked(trx, keyId, caller.sub, now);
    if (!revoked) return apiKeyView(key);
    const owner = await ownerOfKey(trx, key.userId);
    await appendToOutbox(trx, {
      type: 'evt.identity.apiKey.revoked',
      actor,
      data: { keyId, userId: key.userId, email: owner.email, name: key.name, prefix: key.prefix, byAdmin: key.userId !== caller.sub },
    });
    return apiKeyView(revoked);
  });
}

/** Admin: any user's keys. */
export async function listKeysOfUser(db: IdentityExecutor, userId: string): Promise<ApiKeyView[]> {
  return (await keysOfUser(db, userId)).map(apiKeyView);
}

/**
 * Internal (the gateway, once per `/api/v1` request): the key's owner's access as it is
 * now, as a read-only access token that lives a minute at most and never past the key's
 * last day. A revoked or expired key, or an owner disabled, expired or no longer entitled,
 * is refused at once. Counts the request against the key's limit; the first request of a
 * day is an audit event.
 */
export async function resolveApiKey(deps: ApiKeyDeps, presented: string): Promise<ResolvedApiKey> {
  if (!presented.startsWith(KEY_PREFIX)) throw new Unauthorized(ApiKeyMessages.invalid);
  const keyHash = hashToken(presented);
  const now = deps.clock.now();
  const today = todayUtc(now);
  const found = await deps.inTransaction((trx) => findUsableKeyByHash(trx, keyHash, today));
  if (!found) throw new Unauthorized(ApiKeyMessages.invalid);
  const counted = await deps.takeRateLimit(rateLimitKeyOf(found.id), keyLimit(deps));
  const rateLimit = {
    limit: counted.limit,
    remaining: counted.remaining,
    resetSeconds: counted.resetSeconds,
    windowSeconds: KEY_WINDOW_MS / 1000,
  };
  // past the limit: the gateway answers 429 with these figures, and no token is made
  if (counted.refused) return { token: null, keyId: found.id, userId: found.userId, rateLimit };
  return deps.inTransaction(async (trx) => {
    const access = await currentAccessClaims(trx, found.userId, `api-key:${found.id}`, now);
    if (!access) throw new Unauthorized(ApiKeyMessages.invalid);
    if (!canUseApiKeys(principalOf(access.claims))) throw new Forbidden(ApiKeyMessages.notEntitled);
    const firstToday = await markUsedToday(trx, found.id, today);
    if (firstToday) {
      const { claims } = access;
      await appendToOutbox(trx, {
        type: 'evt.identity.apiKey.used',
        actor: actorFromClaims(claims),
        data: { keyId: found.id, userId: claims.sub, email: claims.email, name: found.name, prefix: found.prefix, day: firstToday.day },
      });
    }
    // the key's last day ends at midnight UTC after it
    const keyEnd = found.expiresOn ? Date.parse(`${found.expiresOn}T00:00:00Z`) + 86_400_000 : null;
    const ends = [access.notAfterMs, keyEnd].filter((e): e is number => e !== null);
    const token = deps.signKeyToken({ ...access.claims, scope: READ_ONLY_SCOPE }, { notAfterMs: ends.length ? Math.min(...ends) : null });
    return { token, keyId: found.id, userId: found.userId, rateLimit };
  });
}

/** Each key's limit is counted per minute. */
const KEY_WINDOW_MS = 60_000;
const keyLimit = (deps: Pick<ApiKeyDeps, 'requestsPerMinute'>): RateLimit => ({ max: deps.requestsPerMinute, windowMs: KEY_WINDOW_MS });
const rateLimitKeyOf = (keyId: string) => `api-key:${keyId}`;

/**
 * Internal (the gateway): a key request answered 304 Not Modified costs nothing, so the gateway
 * gives it back to the key's current window (none once that window has passed).
 */
export async function refundKeyRequest(deps: ApiKeyDeps, keyId: string): Promise<void> {
  await deps.giveBackRateLimit(rateLimitKeyOf(keyId), keyLimit(deps));
}
