import type { TProperties } from 'typebox';

import { auditService } from '@cti/audit';
import { commerceService } from '@cti/commerce';
import { documentsService } from '@cti/documents';
import { UPSTREAMS, type Upstream } from '@cti/gateway';
import { identityService } from '@cti/identity';
import { freePorts } from '@cti/local-infra';
import { notificationsService } from '@cti/notifications';
import { questionnaireService } from '@cti/questionnaire';
import { scoringService } from '@cti/scoring';
import type { RegisteredRoute, ServiceApp, ServiceDefinition } from '@cti/service-kit';
import type { TestContext } from '@cti/testing';

type Starter = (ctx: TestContext, env: Record<string, string>) => Promise<ServiceApp>;
/** Each definition keeps its own config type; the context only passes env through. */
const starter =
  <P extends TProperties>(def: ServiceDefinition<P>): Starter =>
  (ctx, env) =>
    // as deployed: each service on NATS as its own user, with its own rights
    ctx.start(def, env, { ownNatsUser: true });

/**
 * Every service the gateway routes to, by the gateway's own name for it: a service added
 * to the gateway's upstreams and not listed here does not compile.
 */
export const PLATFORM_SERVICES: Record<Upstream, Starter> = {
  identity: starter(identityService),
  questionnaire: starter(questionnaireService),
  scoring: starter(scoringService),
  documents: starter(documentsService),
  commerce: starter(commerceService),
  audit: starter(auditService),
  notifications: starter(notificationsService),
};

export type Platform = Record<Upstream, ServiceApp>;

const URL_VARIABLE: Record<Upstream, string> = {
  identity: 'IDENTITY_URL',
  questionnaire: 'QUESTIONNAIRE_URL',
  scoring: 'SCORING_URL',
  documents: 'DOCUMENTS_URL',
  commerce: 'COMMERCE_URL',
  audit: 'AUDIT_URL',
  notifications: 'NOTIFICATIONS_URL',
};

/**
 * Builds, readies and starts every service in one test context (one database, one event
 * stream), each listening on a loopback port the others know, so calls between services
 * (`/internal/...`) are real.
 */
export async function startPlatform(ctx: TestContext, env: Partial<Record<Upstream, Record<string, string>>> = {}): Promise<Platform> {
  const chosen = await freePorts(UPSTREAMS.length);
  const ports = Object.fromEntries(UPSTREAMS.map((name, i) => [name, chosen[i]!])) as Record<Upstream, number>;
  const urls = Object.fromEntries(UPSTREAMS.map((name) => [URL_VARIABLE[name], `http://127.0.0.1:${ports[name]}`]));
  const apps: Partial<Platform> = {};
  for (const name of UPSTREAMS) {
    const app = await PLATFORM_SERVICES[name](ctx, { ...urls, ...env[name] });
    await app.listen({ port: ports[name], host: '127.0.0.1' });
    apps[name] = app;
  }
  return apps as Platform;
}

/** The routes a service answers (HEAD routes Fastify adds for each GET left out). */
export const routesOf = (app: ServiceApp): RegisteredRoute[] => app.registeredRoutes.filter((r) => r.method !== 'HEAD');

/** Routes every service has from the kit: probes and docs for operators, never the public API. */
export const isKitRoute = (url: string) => url === '/metrics' || url.startsWith('/health/') || url === '/documentation/json';

/** `METHOD /path/:param` as the expectation tables name routes. */
export const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

/** A concrete path for a route pattern: each `:param` (and a `*` tail) filled by `fill`. */
export function concretePath(url: string, fill: (param: string) => string = () => SAMPLE_ID): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => encodeURIComponent(fill(name))).replace(/\*$/, 'anything');
}

/** A well-formed id no row has. */
export const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';
