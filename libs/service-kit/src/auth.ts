import { timingSafeEqual } from 'node:crypto';

import { createVerifier, TokenError } from 'fast-jwt';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';

import { satisfiesRule, type Principal, type RouteRule } from '@cti/access';
import type { AccessClaims, EventActor } from '@cti/contracts';

import { Forbidden, TokenExpired, Unauthorized } from './errors';
import { RevocationFeed, RevocationList } from './revocation';
import { markAuthGuard } from './route-policy';

/** How long after its expiry a token still serves logout and unlock (a tab closing, a stale session). */
export const LENIENT_EXPIRY_SECONDS = 300;

export interface AuthOptions {
  publicKey: string;
  /** Also accepted while a key rotation is under way (tokens signed before the switch). */
  previousPublicKey?: string;
  issuer: string;
  audience: string;
  serviceToken: string;
  /** How long past its expiry `verifyIgnoringExpiry` still accepts a token (default 5 minutes). */
  lenientExpirySeconds?: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Verified access-token claims, or null when the request carries none. */
    principal: AccessClaims | null;
    /** Set when the bearer token was genuine but past its expiry. */
    tokenExpired: boolean;
  }
  interface FastifyInstance {
    /** preHandler: any signed-in user (401 + Token-Expired when the token expired). */
    requireUser: preHandlerAsyncHookHandler;
    /** preHandler factory: a signed-in user satisfying an access rule, else 403. */
    requireRule(rule: RouteRule): preHandlerAsyncHookHandler;
    /** preHandler: service-to-service calls on /internal/ carrying the service token. */
    requireService: preHandlerAsyncHookHandler;
    /**
     * Verifies a token that may have expired a few minutes ago (logout, the unlock beacon
     * of a closing tab); older or revoked tokens answer null.
     */
    verifyIgnoringExpiry(token: string): AccessClaims | null;
    /** The revocations this process knows (fed from identity's events; see revocation.ts). */
    revocations: RevocationList;
  }
}

export const principalOf = (claims: AccessClaims): Principal => ({
  roles: claims.roles,
  groups: claims.groups,
  isAdmin: claims.isAdmin,
  isGroupManager: claims.isGroupManager,
  isAcid: claims.isAcid,
  email: claims.email,
  free: claims.free,
});

/** The actor of events caused by this request. */
export function actorOf(request: FastifyRequest): EventActor | null {
  const c = request.principal;
  return c ? { userId: c.sub, name: c.name, email: c.email, groupNames: c.groupNames } : null;
}

/** The signed-in user's claims; use after `requireUser`. */
export function claimsOf(request: FastifyRequest): AccessClaims {
  if (!request.principal) throw new Unauthorized();
  return request.principal;
}

/** Tries each key in turn; only a signature made with another key moves on to the next. */
function verifierForKeys(verifiers: Array<(token: string) => unknown>): (token: string) => unknown {
  return (token) => {
    let failure: unknown;
    for (const verify of verifiers) {
      try {
        return verify(token);
      } catch (err) {
        if (!(err instanceof TokenError && err.code === TokenError.codes.invalidSignature)) throw err;
        failure = err;
      }
    }
    throw failure;
  };
}

/**
 * Verifies EdDSA access tokens with identity's public key. Only EdDSA is accepted
 * (no `none`, no HMAC confusion), and issuer and audience must match. A token issued
 * before a revocation of its user (disabled, access taken away, password changed) is
 * refused like an expired one: a session that is still allowed refreshes into a token
 * with its current access, within seconds on every service and with no call to identity.
 */
export const authPlugin = fp<AuthOptions>(
  async (app, opts) => {
    const common = {
      algorithms: ['EdDSA' as const],
      allowedIss: opts.issuer,
      allowedAud: opts.audience,
    };
    const keys = [opts.publicKey, opts.previousPublicKey].filter((k): k is string => !!k);
    // fast-jwt's LRU of verified tokens (each entry lives at most until the token expires):
    // a session's many requests pay for one EdDSA verification instead of one each
    const verify = verifierForKeys(keys.map((key) => createVerifier({ ...common, key, cache: 1000 })));
    const leeway = (opts.lenientExpirySeconds ?? LENIENT_EXPIRY_SECONDS) * 1000;
    const verifyLenient = verifierForKeys(keys.map((key) => createVerifier({ ...common, key, clockTolerance: leeway })));
    const revocations = new RevocationList();
    app.decorate('revocations', revocations);
    const serviceToken = Buffer.from(opts.serviceToken);

    app.decorateRequest('principal', null);
    app.decorateRequest('tokenExpired', false);

    app.addHook('onRequest', async (request) => {
      const header = request.headers.authorization;
      if (!header?.startsWith('Bearer ')) return;
      const token = header.slice(7).trim();
      if (!token || token === 'null' || token === 'undefined') return;
      try {
        const claims = verify(token) as AccessClaims;
        if (revocations.isRevoked(claims)) {
          request.tokenExpired = true;
          request.log.info({ userId: claims.sub }, 'refused a revoked token');
          return;
        }
        request.principal = claims;
      } catch (err) {
        if (err instanceof TokenError && err.code === TokenError.codes.expired) request.tokenExpired = true;
        else request.log.info({ reason: err instanceof Error ? err.message : err }, 'refused a bearer token');
      }
    });

    const requireUser: preHandlerAsyncHookHandler = markAuthGuard(
      async (request: FastifyRequest, _reply: FastifyReply) => {
        if (request.principal) return;
        if (request.tokenExpired) throw new TokenExpired();
        throw new Unauthorized();
      },
      { kind: 'user' },
    );
    app.decorate('requireUser', requireUser);
    app.decorate('requireRule', (rule: RouteRule): preHandlerAsyncHookHandler => {
      return markAuthGuard(
        async function ruleGuard(this: unknown, request: FastifyRequest, reply: FastifyReply) {
          await requireUser.call(app, request, reply);
          if (!satisfiesRule(principalOf(request.principal!), rule)) throw new Forbidden();
        },
        { kind: 'rule', rule },
      );
    });
    app.decorate(
      'requireService',
      markAuthGuard(
        async (request: FastifyRequest) => {
          const given = Buffer.from(String(request.headers['x-service-token'] ?? ''));
          if (given.length !== serviceToken.length || !timingSafeEqual(given, serviceToken)) {
            throw new Forbidden('Service token required');
          }
        },
        { kind: 'service' },
      ),
    );
    app.decorate('verifyIgnoringExpiry', (token: string) => {
      try {
        const claims = verifyLenient(token) as AccessClaims;
        return revocations.isRevoked(claims) ? null : claims;
      } catch {
        return null;
      }
    });

    // Revocations arrive on the events stream; every process follows it itself. The
    // events plugin registers after this one, so the feed starts once the app is ready.
    let feed: RevocationFeed | null = null;
    app.addHook('onReady', async () => {
      if (!app.hasDecorator('events')) return;
      feed = new RevocationFeed({ bus: app.events.bus, list: revocations, logger: app.log });
      await feed.start();
      app.readiness.set('revocations', () => feed?.ready ?? false);
    });
    // before the events plugin drains the connection (its onClose runs first, being registered later)
    app.addHook('preClose', async () => {
      await feed?.stop();
    });
  },
  { name: 'cti-auth' },
);
