import { randomBytes } from 'node:crypto';

import { authPlugin, defineService, natsCredentials } from '@cti/service-kit';

import { apiDocumentRoutes } from './api-documents';
import { GatewayConfig } from './config';
import { proxyRoutes } from './proxy';
import { securityHeaders } from './security-headers';
import { webRoutes } from './web';

/** The sign-on sites that may frame the app (TRUSTED_ORIGINS, comma-separated). */
const trustedOriginsOf = (config: { TRUSTED_ORIGINS: string }) =>
  config.TRUSTED_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter(Boolean);

const videoSource = (src: string, captions: string) => (src ? { src, captions: captions || null } : null);

/**
 * The gateway: routes each /api path to its owning service, adds request ids,
 * rate-limits, and serves the web app. It holds no state and no database.
 */
export const gatewayService = defineService({
  name: 'gateway',
  stateful: false,
  publicFacing: true,
  // a request's work is its forward, which is handed the request's trace context (proxy.ts)
  activeContext: false,
  config: GatewayConfig,
  answerHeaders(config) {
    return securityHeaders({
      trustedOrigins: trustedOriginsOf(config),
      mediaUrls: [
        config.HOWTO_VIDEO_PURCHASING_ACCESS_URL,
        config.HOWTO_VIDEO_PURCHASING_ACCESS_CAPTIONS_URL,
        config.HOWTO_VIDEO_USE_THE_INDEX_URL,
        config.HOWTO_VIDEO_USE_THE_INDEX_CAPTIONS_URL,
      ],
    });
  },
  async plugin(app, config) {
    const trustedOrigins = trustedOriginsOf(config);
    if (config.JWT_PUBLIC_KEY) {
      // Tokens are verified here for two things only: the API documents (admins) and answering
      // readers of the index's lists from memory. Every service verifies every token it is sent.
      await app.register(authPlugin, {
        publicKey: config.JWT_PUBLIC_KEY,
        previousPublicKey: config.JWT_PUBLIC_KEY_PREVIOUS,
        issuer: config.JWT_ISSUER,
        audience: config.JWT_AUDIENCE,
        // the gateway answers no service calls: a token nobody holds
        serviceToken: randomBytes(24).toString('hex'),
        revocationSource: config.NATS_URL
          ? {
              servers: config.NATS_URL,
              name: 'gateway',
              stream: config.EVENTS_STREAM,
              subjectPrefix: config.EVENTS_SUBJECT_PREFIX,
              credentials: natsCredentials(config, 'gateway'),
            }
          : undefined,
      });
    }
    await app.register(proxyRoutes, { config });
    await app.register(apiDocumentRoutes, { config });
    // deployment settings the web app reads at start
    app.get('/app-config.json', { schema: { summary: 'Deployment settings the web app reads at start' } }, async (_req, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return {
        demo: config.DEMO_DATA,
        vendorEmailDomain: config.VENDOR_EMAIL_DOMAIN,
        trustedOrigins,
        environment: config.NODE_ENV,
        usersHost: config.USERS_HOST,
        indexHost: config.INDEX_HOST,
        carbonCalculatorUrl: config.CARBON_CALCULATOR_URL,
        howToVideos: {
          purchasingAccess: videoSource(config.HOWTO_VIDEO_PURCHASING_ACCESS_URL, config.HOWTO_VIDEO_PURCHASING_ACCESS_CAPTIONS_URL),
          useTheIndex: videoSource(config.HOWTO_VIDEO_USE_THE_INDEX_URL, config.HOWTO_VIDEO_USE_THE_INDEX_CAPTIONS_URL),
        },
      };
    });
    // /internal/ is for service-to-service calls only
    app.all('/internal/*', { schema: { hide: true } }, async (_req, reply) =>
      reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'Not found' }),
    );
    if (config.WEB_DIST) await app.register(webRoutes, { dist: config.WEB_DIST });
  },
});

export { ROUTE_TABLE, UPSTREAMS, resolveUpstream, type RouteEntry, type Upstream } from './route-table';
