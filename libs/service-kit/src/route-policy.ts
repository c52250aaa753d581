import type { FastifyInstance, RouteOptions, onRequestAsyncHookHandler } from 'fastify';

import type { RouteRule } from '@cti/access';

import { refuseHostileText } from './input-guard';

/** What an auth guard of the kit (`requireUser`, `requireRule(...)`, `requireService`) demands. */
export type GuardDemand = { kind: 'user' } | { kind: 'rule'; rule: RouteRule } | { kind: 'service' };

const GUARD = Symbol('cti.auth-guard');
type MarkedGuard = ((...args: never[]) => unknown) & { [GUARD]?: GuardDemand };

/** Marks a function as one of the kit's auth guards, so routes run it before reading the body. */
export function markAuthGuard<F extends (...args: never[]) => unknown>(guard: F, demand: GuardDemand): F {
  (guard as MarkedGuard)[GUARD] = demand;
  return guard;
}

export const guardDemandOf = (fn: unknown): GuardDemand | undefined => (typeof fn === 'function' ? (fn as MarkedGuard)[GUARD] : undefined);

/** One method and path a service answers, as registered (`/api/product/:id`), with its kit guards and input schemas. */
export interface RegisteredRoute {
  method: string;
  url: string;
  guards: GuardDemand[];
  /** The JSON schemas the route validates its input with (TypeBox objects), when it has them. */
  input: { body?: unknown; querystring?: unknown; params?: unknown };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route this app registered, in order (the authorization-matrix and route-ownership tests read it). */
    registeredRoutes: readonly RegisteredRoute[];
  }
}

/** The bearer scheme of the kit's OpenAPI document (identity's access tokens). */
export const BEARER_SCHEME = 'bearer';

/**
 * What the OpenAPI document says of a route's access: a route a token guards needs the bearer
 * scheme; one with no guard needs nothing (an explicit empty `security`); `/internal/` routes
 * (service to service, never through the gateway) are left out.
 */
function describedAccess(url: string, schema: Record<string, unknown> | undefined, demands: GuardDemand[]) {
  if (url.startsWith('/internal/')) return { ...schema, hide: true };
  if (schema?.security) return schema;
  const needsToken = demands.some((demand) => demand.kind !== 'service');
  return { ...schema, security: needsToken ? [{ [BEARER_SCHEME]: [] }] : [] };
}

const asList = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/**
 * What the kit does to every route as it is registered:
 * - the auth guards given as `preHandler` run first, as `onRequest` hooks: a caller who
 *   may not use a route learns 401 or 403 and nothing about the body or query it expects
 *   (validation runs after `onRequest`), and no body is read for them;
 * - text no field may hold (NUL, unpaired surrogates) is refused with a 400 before validation;
 * - the route is recorded in `app.registeredRoutes`.
 * Must be registered before any route.
 */
export function applyRoutePolicy(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route: RouteOptions) => {
    const preHandlers = asList(route.preHandler);
    const guards = preHandlers.filter((fn) => guardDemandOf(fn));
    if (guards.length) {
      route.preHandler = preHandlers.filter((fn) => !guardDemandOf(fn));
      route.onRequest = [...(guards as unknown as onRequestAsyncHookHandler[]), ...asList(route.onRequest)];
    }
    route.preValidation = [refuseHostileText, ...asList(route.preValidation)];
    const demands = guards.map((fn) => guardDemandOf(fn)!);
    route.schema = describedAccess(route.url, route.schema as Record<string, unknown> | undefined, demands);
    const schema = (route.schema ?? {}) as RegisteredRoute['input'];
    const input = { body: schema.body, querystring: schema.querystring, params: schema.params };
    for (const method of asList(route.method)) routes.push({ method, url: route.url, guards: demands, input });
  });
}
