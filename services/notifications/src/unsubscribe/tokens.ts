import { createHmac, timingSafeEqual } from 'node:crypto';

/** What an unsubscribe link does: stop one country's alerts, or every alert e-mail. */
export type UnsubscribePurpose = { scope: 'country'; userId: string; groupId: string } | { scope: 'email'; userId: string };

/** Binds the signature to this one use: the same key signs nothing else that could be mistaken for it. */
const DOMAIN = 'cti-notifications-unsubscribe.v1';

const sign = (key: string, payload: string) => createHmac('sha256', key).update(`${DOMAIN}.${payload}`).digest('base64url');

/**
 * A signed, single-purpose token for a one-click unsubscribe link: it names the user and
 * what to stop, and lets its holder do that (and undo it), nothing else. It does not
 * expire: links in old e-mails keep working.
 */
export function unsubscribeToken(key: string, purpose: UnsubscribePurpose): string {
  const body = purpose.scope === 'country' ? { s: 'c', u: purpose.userId, g: purpose.groupId } : { s: 'e', u: purpose.userId };
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${payload}.${sign(key, payload)}`;
}

/** The purpose of a genuine token, or null for anything forged, altered or malformed. */
export function readUnsubscribeToken(key: string, token: string): UnsubscribePurpose | null {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length) return null;
  const expected = Buffer.from(sign(key, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { s?: unknown; u?: unknown; g?: unknown };
    if (typeof body.u !== 'string' || !body.u) return null;
    if (body.s === 'e') return { scope: 'email', userId: body.u };
    if (body.s === 'c' && typeof body.g === 'string' && body.g) return { scope: 'country', userId: body.u, groupId: body.g };
    return null;
  } catch {
    return null;
  }
}
