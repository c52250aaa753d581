import type { SessionUser } from '@cti/contracts';

import type { StoredUser } from './session-storage';

/**
 * Cross-frame sign-on: the sites embedded in one another exchange
 * `{ ACTION: 'LOGIN', user, authToken, refreshToken }` and `{ ACTION: 'LOGOUT' }` by
 * postMessage, accepted only from configured origins.
 */
export type SignOnMessage =
  { ACTION: 'LOGIN'; user: StoredUser; authToken: string; refreshToken: string; isFree?: boolean } | { ACTION: 'LOGOUT' };

/** The message if it is a well-formed sign-on message, else null. */
export function parseSignOnMessage(data: unknown): SignOnMessage | null {
  if (!data || typeof data !== 'object') return null;
  const m = data as Record<string, unknown>;
  if (m.ACTION === 'LOGOUT') return { ACTION: 'LOGOUT' };
  if (m.ACTION !== 'LOGIN') return null;
  const user = m.user as Partial<StoredUser> | undefined;
  if (!user || typeof user.Id !== 'string' || typeof user.Username !== 'string' || !Array.isArray(user.Roles)) return null;
  if (typeof m.authToken !== 'string' || typeof m.refreshToken !== 'string') return null;
  return {
    ACTION: 'LOGIN',
    user: { Groups: [], ...user } as StoredUser,
    authToken: m.authToken,
    refreshToken: m.refreshToken,
    isFree: m.isFree === true,
  };
}

/** Whether a message's origin may sign this site in or out: this site itself or a configured one. */
export function isTrustedOrigin(origin: string, trustedOrigins: readonly string[], ownOrigin: string): boolean {
  const normalized = origin.replace(/\/$/, '').toLowerCase();
  return normalized === ownOrigin.toLowerCase() || trustedOrigins.some((o) => o.replace(/\/$/, '').toLowerCase() === normalized);
}

export const sessionOfMessage = (m: Extract<SignOnMessage, { ACTION: 'LOGIN' }>): SessionUser => ({
  ...m.user,
  Token: m.authToken,
  RefreshToken: m.refreshToken,
});

/**
 * Tells the other frames (the parent and every embedded frame) about a sign-in or
 * sign-out. Each post names its target origin, so only the trusted sites receive tokens.
 */
export function broadcastSignOn(message: SignOnMessage, trustedOrigins: readonly string[], win: Window = window): void {
  const targets: Window[] = [];
  if (win.parent && win.parent !== win) targets.push(win.parent);
  for (const frame of Array.from(win.document.querySelectorAll('iframe'))) {
    if (frame.contentWindow) targets.push(frame.contentWindow);
  }
  for (const target of targets) {
    for (const origin of trustedOrigins) {
      try {
        target.postMessage(message, origin);
      } catch {
        // a frame that went away
      }
    }
  }
}
