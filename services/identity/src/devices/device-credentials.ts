import { createHash, hkdfSync, timingSafeEqual } from 'node:crypto';

import { isUuid } from '@cti/contracts';

import type { IdentityExecutor } from '../db';
import { hashToken, newOpaqueToken } from '../tokens/opaque-tokens';

import { findDeviceCredentialInForce, insertDeviceCredential, markDeviceCredentialUsed, revokeDeviceCredentials } from './repository';

/**
 * A free user's device credential: the proof, kept by a browser in an httpOnly signed cookie,
 * that this browser confirmed the address before (it opened the e-mailed link there). Free
 * access for an address that has confirmed opens without a new link only where such a
 * credential is presented; it expires after 90 days and is revoked by the Logout of that
 * browser, when the user chooses a password, or when every session of the user is ended.
 */
export const DEVICE_COOKIE = 'cti_device';
export const DEVICE_CREDENTIAL_DAYS = 90;
/** Sent only to the free-access calls (access, confirmation, logout). */
export const DEVICE_COOKIE_PATH = '/api/freeUser';

/**
 * The key the cookie is signed with, derived from identity's signing key (no second secret to
 * provision): a cookie not signed with it is refused before any database work.
 */
export const deviceCookieSecret = (privateKeyPem: string) =>
  Buffer.from(hkdfSync('sha256', privateKeyPem, 'cti-device-credential', 'cookie-signature', 32)).toString('base64url');

/** A new credential of the user, valid 90 days from `now`; answers the cookie's value (before signing). */
export async function issueDeviceCredential(trx: IdentityExecutor, userId: string, now: Date): Promise<{ value: string; expiresAt: Date }> {
  const secret = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + DEVICE_CREDENTIAL_DAYS * 86_400_000);
  const { id } = await insertDeviceCredential(trx, { userId, secretHash: hashToken(secret), expiresAt: expiresAt.toISOString() });
  return { value: `${id}.${secret}`, expiresAt };
}

const parse = (value: string | null | undefined) => {
  const [id, secret, ...rest] = (value ?? '').split('.');
  return id && secret && !rest.length && isUuid(id) ? { id, secret } : null;
};

const sameHash = (a: string, b: string) => {
  const [x, y] = [createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest()];
  return timingSafeEqual(x, y);
};

/**
 * Whether the cookie's (already signature-checked) value is a credential of this user in force
 * at `now`; a valid one is marked used. Answers its id, or null.
 */
export async function deviceCredentialOf(
  trx: IdentityExecutor,
  value: string | null | undefined,
  userId: string,
  now: Date,
): Promise<string | null> {
  const parsed = parse(value);
  if (!parsed) return null;
  const row = await findDeviceCredentialInForce(trx, parsed.id, userId, now);
  if (!row || !sameHash(row.secretHash, hashToken(parsed.secret))) return null;
  await markDeviceCredentialUsed(trx, row.id, now);
  return row.id;
}

/** Forgets this browser's credential (its Logout), if it is one of the user's. */
export async function forgetDevice(trx: IdentityExecutor, value: string | null | undefined, userId: string, now: Date): Promise<void> {
  const parsed = parse(value);
  if (parsed) await revokeDeviceCredentials(trx, userId, now, parsed.id);
}

/** Revokes every device credential of the user (a password chosen, every session ended). */
export const forgetEveryDevice = (trx: IdentityExecutor, userId: string, now: Date) => revokeDeviceCredentials(trx, userId, now);
