/// <reference types="@fastify/jwt" preserve="true" />
// (kept in the emitted types: services calling `app.jwt` see @fastify/jwt's decorators through the kit)
import { timingSafeEqual } from 'node:crypto';

import fastifyJwt from '@fastify/jwt';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';

import { audienceOf, READ_ONLY_SCOPE, satisfiesRule, type Principal, type RouteRule } from '@cti/access';
import { ApiKeyMessages, TermsAnswers, type AccessClaims, type EventActor } from '@cti/contracts';
import { connectEventBus, SubjectSpace, type EventBus } from '@cti/events';

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
  /** The private key of the one service that issues tokens (identity): `app.jwt.sign` signs with it. */
  signingKey?: string;
  /** Verified tokens kept in memory (default 10,000). */
  verifiedTokenCacheSize?: number;
  /**
   * Where a process without the events plugin (the gateway) hears revocations: NATS and the
   * events stream's subjects. It connects in the background and never holds up the start or
   * readiness; `hearsRevocations()` says when it hears them.
   */
  revocationSource?: {
    servers: string;
    name: string;
    stream: string;
    subjectPrefix: string;
    credentials?: { user: string; password: string };
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route serves a user who must still agree to the terms (a token with `mustAgree`):
     * agreeing itself. Every other route behind `requireUser` or `requireRule` refuses them.
     */
    allowUnagreed?: boolean;
  }
  interface FastifyRequest {
    /** Verified access-token claims, or null when the request carries none. */
    principal: AccessClaims | null;
    /** Set when the bearer token was genuine but past its expiry. */
    tokenExpired: boolean;
  }
  interface FastifyInstance {
    /** preHandler: any signed-in user (401 + Token-Expired when the token expired). */
    requireUser: preHandlerAsyncHookHandler;
    /** preHandler factory: a signed-in user satisfying an access rule, else 403 (with `refusalText` as its text, when given). */
    requireRule(rule: RouteRule, refusalText?: string): preHandlerHookHandler;
    /** preHandler: service-to-service calls on /internal/ carrying the service token. */
    requireService: preHandlerAsyncHookHandler;
    /**
     * Verifies a token that may have expired a few minutes ago (logout, the unlock beacon
     * of a closing tab); older or revoked tokens answer null.
     */
    verifyIgnoringExpiry(token: string): AccessClaims | null;
    /** The revocations this process knows (fed from identity's events; see revocation.ts). */
    revocations: RevocationList;
    /**
     * Whether this process hears revocations as they come: its feed has read every recent one and
     * its NATS connection is up. What vouches for a token beyond its signature (the gateway's
     * kept answers per audience) must stop while it does not.
     */
    hearsRevocations(): boolean;
    /**
     * Calls `listener` with this process's NATS connection once it has one (the events plugin's,
     * or the one a process without it makes for revocations), or at once when it has: what else
     * such a process hears on core NATS (the gateway: the read models changed signal) rides on it.
     */
    withEventBus(listener: (bus: EventBus) => void): void;
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

/**
 * `work` over the principal of a verified token, worked out once per token: the verified-token
 * cache hands out the same claims object for every request carrying that token.
 */
export function oncePerToken<T extends NonNullable<unknown>>(work: (p: Principal) => T): (claims: AccessClaims) => T {
  const results = new WeakMap<AccessClaims, T>();
  return (claims) => {
    let result = results.get(claims);
    if (result === undefined) results.set(claims, (result = work(principalOf(claims))));
    return result;
  };
}

/** `audienceOf` the claims' principal, once per verified token. */
export const audienceOfClaims = oncePerToken(audienceOf);

/** The actor of events caused by the holder of these claims (named, without an e-mail address: see EventActor). */
export const actorFromClaims = (c: AccessClaims): EventActor => ({ userId: c.sub, name: c.name, groupNames: c.groupNames });

/** The actor of events caused by this request. */
export function actorOf(request: FastifyRequest): EventActor | null {
  return request.principal ? actorFromClaims(request.principal) : null;
}

/** The signed-in user's claims; use after `requireUser`. */
export function claimsOf(request: FastifyRequest): AccessClaims {
  if (!request.principal) throw new Unauthorized();
  return request.principal;
}

// fast-jwt's error codes (its TokenError class is not re-exported by @fastify/jwt)
const INVALID_SIGNATURE = 'FAST_JWT_INVALID_SIGNATURE';
const EXPIRED = 'FAST_JWT_EXPIRED';
const codeOf = (err: unknown) => (err as { code?: unknown } | null)?.code;

/** Tries each key in turn; only a signature made with another key moves on to the next. */
function verifierForKeys(verifiers: Array<(token: string) => unknown>): (token: string) => unknown {
  return (token) => {
    let failure: unknown;
    for (const verify of verifiers) {
      try {
        return verify(token);
      } catch (err) {
        if (codeOf(err) !== INVALID_SIGNATURE) throw err;
        failure = err;
      }
    }
    throw failure;
  };
}

/**
 * Tokens this process verified, by their signature bytes, each until its own expiry: a
 * session's many requests pay for one EdDSA verification instead of one each. Bounded:
 * when full, it drops the oldest entry not used since it was last passed over (CLOCK, an
 * approximation of least recently used). A hit only marks its entry: moving it to the end
 * (a delete, then a set) made the Map shrink and grow its table again on every request of
 * a lone reader. A hit must carry the very same token, not only the same signature, and an
 * entry past its expiry is dropped, so the full verification (which tells expired tokens
 * apart) runs again.
 */
export class VerifiedTokenCache<T> {
  private readonly entries = new Map<string, { token: string; value: T; expiresAtMs: number; used: boolean }>();

  constructor(private readonly maxEntries: number) {}

  get(token: string, now: number): T | undefined {
    const signature = signatureOf(token);
    const entry = this.entries.get(signature);
    if (!entry) return undefined;
    if (now >= entry.expiresAtMs) {
      this.entries.delete(signature);
      return undefined;
    }
    if (entry.token !== token) return undefined;
    entry.used = true;
    return entry.value;
  }

  set(token: string, value: T, expiresAtMs: number): void {
    const signature = signatureOf(token);
    this.entries.delete(signature);
    if (this.entries.size >= this.maxEntries) this.dropOne();
    this.entries.set(signature, { token, value, expiresAtMs, used: false });
  }

  get size(): number {
    return this.entries.size;
  }

  /** Drops the oldest entry not used since it was last passed over; used ones go to the back, unmarked. */
  private dropOne(): void {
    // ends: every entry passed over is unmarked, so at the latest the first one comes round unmarked
    for (const [signature, entry] of this.entries) {
      this.entries.delete(signature);
      if (!entry.used) return;
      entry.used = false;
      this.entries.set(signature, entry);
    }
  }
}

const signatureOf = (token: string) => token.slice(token.lastIndexOf('.') + 1);

/**
 * Verifies EdDSA access tokens with identity's public key (through @fastify/jwt, on
 * fast-jwt). Only EdDSA is accepted (no `none`, no HMAC confusion), and issuer and
 * audience must match. A token issued before a revocation of its user (disabled, access
 * taken away, password changed) is refused like an expired one: a session that is still
 * allowed refreshes into a token with its current access, within seconds on every
 * service and with no call to identity.
 */
export const authPlugin = fp<AuthOptions>(
  async (app, opts) => {
    // a token must say when it ends: one without `exp` would be good for ever (even if identity signed it)
    const verifyOptions = { algorithms: ['EdDSA' as const], allowedIss: opts.issuer, allowedAud: opts.audience, requiredClaims: ['exp'] };
    await app.register(fastifyJwt, {
      secret: opts.signingKey ? { public: opts.publicKey, private: opts.signingKey } : { public: opts.publicKey },
      sign: { algorithm: 'EdDSA', iss: opts.issuer, aud: opts.audience },
      // no cache of its own (errors included): the cache below keys verified tokens by signature
      verify: verifyOptions,
    });
    const previousKey = opts.previousPublicKey;
    // the previous key is tried only for tokens the current one did not sign (a rotation under way)
    const withKeys = (callOptions: { clockTolerance?: number }) => {
      const options = { ...callOptions, requiredClaims: verifyOptions.requiredClaims };
      return verifierForKeys([
        (token) => app.jwt.verify(token, options),
        ...(previousKey ? [(token: string) => app.jwt.verify(token, { ...options, key: previousKey })] : []),
      ]);
    };
    const verifyStrict = withKeys({});
    const verified = new VerifiedTokenCache<AccessClaims>(opts.verifiedTokenCacheSize ?? 10_000);
    const verify = (token: string): AccessClaims => {
      const now = Date.now();
      const cached = verified.get(token, now);
      if (cached) return cached;
      const claims = verifyStrict(token) as AccessClaims & { exp?: number };
      if (typeof claims.exp === 'number') verified.set(token, claims, claims.exp * 1000);
      return claims;
    };
    const leeway = (opts.lenientExpirySeconds ?? LENIENT_EXPIRY_SECONDS) * 1000;
    const verifyLenient = withKeys({ clockTolerance: leeway });
    const revocations = new RevocationList();
    app.decorate('revocations', revocations);
    const serviceToken = Buffer.from(opts.serviceToken);

    app.decorateRequest('principal', null);
    app.decorateRequest('tokenExpired', false);

    // a callback hook: verification and the revocation check are synchronous (cache, memory)
    app.addHook('onRequest', (request, _reply, done) => {
      const header = request.headers.authorization;
      if (!header?.startsWith('Bearer ')) return done();
      const token = header.slice(7).trim();
      if (!token || token === 'null' || token === 'undefined') return done();
      try {
        const claims = verify(token);
        if (revocations.isRevoked(claims)) {
          request.tokenExpired = true;
          request.log.info({ userId: claims.sub }, 'refused a revoked token');
          return done();
        }
        request.principal = claims;
      } catch (err) {
        if (codeOf(err) === EXPIRED) request.tokenExpired = true;
        else request.log.info({ reason: err instanceof Error ? err.message : err }, 'refused a bearer token');
      }
      // a token minted for a personal API key reads, never writes, whatever route it reaches
      if (request.principal?.scope === READ_ONLY_SCOPE && request.method !== 'GET' && request.method !== 'HEAD') {
        return done(new Forbidden(ApiKeyMessages.readOnly));
      }
      done();
    });

    /**
     * The 401 a request without a usable token gets, the 403 of the terms gate (a user who must
     * still agree, anywhere but where they agree), or null when a user may go on.
     */
    const refusal = (request: FastifyRequest): Error | null => {
      const claims = request.principal;
      if (!claims) return request.tokenExpired ? new TokenExpired() : new Unauthorized();
      if (claims.mustAgree && !request.routeOptions.config.allowUnagreed) return new Forbidden(TermsAnswers.mustAgree);
      return null;
    };
    const requireUser: preHandlerAsyncHookHandler = markAuthGuard(
      async (request: FastifyRequest, _reply: FastifyReply) => {
        const refused = refusal(request);
        if (refused) throw refused;
      },
      { kind: 'user' },
    );
    app.decorate('requireUser', requireUser);
    app.decorate('requireRule', (rule: RouteRule, refusalText?: string): preHandlerHookHandler =>
      markAuthGuard<preHandlerHookHandler>(
        // a callback hook, not an async one: the check is synchronous, and a promise per request
        // costs more where async hooks are on (every service that enters its requests' contexts)
        function ruleGuard(request, _reply, done) {
          const refused = refusal(request);
          if (refused) return done(refused);
          done(satisfiesRule(principalOf(request.principal!), rule) ? undefined : new Forbidden(refusalText));
        },
        { kind: 'rule', rule },
      ),
    );
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
    let bus: EventBus | null = null;
    const hears = () => (feed?.ready ?? false) && (bus?.isConnected() ?? false);
    app.decorate('hearsRevocations', hears);
    const busListeners: Array<(bus: EventBus) => void> = [];
    const haveBus = (connected: EventBus) => {
      bus = connected;
      for (const listener of busListeners.splice(0)) listener(connected);
    };
    app.decorate('withEventBus', (listener: (bus: EventBus) => void) => (bus ? listener(bus) : void busListeners.push(listener)));
    app.addHook('onReady', async () => {
      if (!app.hasDecorator('events')) return;
      haveBus(app.events.bus);
      feed = new RevocationFeed({ bus: app.events.bus, list: revocations, logger: app.log });
      await feed.start();
      app.readiness.set('revocations', () => feed?.ready ?? false);
    });
    // A process without events (the gateway) connects a bus of its own, in the background:
    // whether NATS answers or not, it starts and serves (without what needs revocations heard).
    let closing = false;
    const source = opts.revocationSource;
    if (source) {
      // connecting and starting the feed are tried again until both work (NATS away at the start,
      // the stream being made); once connected, the connection reconnects by itself
      const follow = async () => {
        for (let attempt = 0; !closing; attempt++) {
          try {
            let connected = bus;
            if (!connected) {
              connected = await connectEventBus({
                servers: source.servers,
                name: source.name,
                credentials: source.credentials,
                subjects: new SubjectSpace(source.subjectPrefix, source.stream),
                waitOnFirstConnect: false,
                // it reads the stream the services make (with their replicas); until one has, the feed waits
                createStream: false,
                onConnectionChange: (up) =>
                  up
                    ? app.log.info('NATS connection is back; revocations heard again')
                    : app.log.warn('NATS connection lost; reconnecting'),
              });
              if (closing) return void (await connected.close());
              haveBus(connected);
            }
            const started = new RevocationFeed({ bus: connected, list: revocations, logger: app.log });
            await started.start();
            feed = started;
            return;
          } catch (err) {
            if (attempt % 10 === 0) app.log.warn({ err }, 'revocations are not heard yet (NATS or its stream unavailable); trying again');
            await new Promise((resolve) => setTimeout(resolve, Math.min(250 * 2 ** attempt, 5000)).unref());
          }
        }
      };
      app.addHook('onReady', async () => {
        if (app.hasDecorator('events')) return;
        // ready either way (the process serves without it), but says what it lacks
        app.readiness.set('revocations', () => hears() || 'degraded');
        void follow();
      });
    }
    // before the events plugin drains the connection (its onClose runs first, being registered later)
    app.addHook('preClose', async () => {
      closing = true;
      await feed?.stop();
      // (a connection still being made closes itself once made: `closing`)
      if (source && bus && !app.hasDecorator('events')) await bus.close();
    });
  },
  { name: 'cti-auth' },
);
