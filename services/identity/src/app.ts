import fastifyCookie from '@fastify/cookie';

import { defineService } from '@cti/service-kit';

import { migrations } from '../migrations';

import { apiKeyRoutes } from './api-keys/routes';
import { IdentityConfig } from './config';
import { linksFor, type IdentityContext } from './context';
import type { IdentityDB } from './db';
import { deviceCookieSecret } from './devices/device-credentials';
import { freeAccessRoutes } from './free-access/routes';
import { groupRoutes } from './groups/routes';
import { Mailer } from './mail/mailer';
import { mailRoutes } from './mail/routes';
import { mailTransportFor } from './mail/transports';
import { passwordRoutes } from './passwords/routes';
import { purchaseGrantsConsumer } from './purchases/purchase-grants';
import { requestRoutes } from './requests/routes';
import { roleRoutes } from './roles/routes';
import { seedDemoData } from './seed/seed-demo-data';
import { sessionRoutes } from './sessions/routes';
import { accessTokenSigner } from './sessions/tokens';
import { userAccessRoutes } from './users/access-routes';
import { userRoutes } from './users/routes';

/** Identity: users, groups, roles, sessions, free access, passwords, access requests, contact mail. */
export const identityService = defineService<IdentityDB>('identity')({
  config: IdentityConfig,
  migrations,
  async plugin(app, config) {
    const mailer = new Mailer(app, mailTransportFor(config), {
      maxAttempts: config.MAIL_MAX_ATTEMPTS,
      pollMs: config.MAIL_POLL_MS,
    });
    app.addHook('onReady', async () => mailer.start());
    app.addHook('onClose', async () => mailer.stop());
    const ctx: IdentityContext = {
      config,
      issuer: {
        // the kit's auth plugin holds the private key (JWT_PRIVATE_KEY) and signs with EdDSA, issuer and audience
        signAccessToken: accessTokenSigner((payload) => app.jwt.sign(payload), { accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS }),
        refreshTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
        clock: app.clock,
      },
      mailer,
      links: linksFor(config.PUBLIC_URL),
    };
    // free users' device credentials travel in a signed cookie (the only cookie identity reads)
    await app.register(fastifyCookie, { secret: deviceCookieSecret(config.JWT_PRIVATE_KEY) });
    await app.register(sessionRoutes, ctx);
    await app.register(freeAccessRoutes, ctx);
    await app.register(passwordRoutes, ctx);
    await app.register(userRoutes, ctx);
    await app.register(groupRoutes, ctx);
    await app.register(roleRoutes, ctx);
    await app.register(requestRoutes, ctx);
    await app.register(mailRoutes, ctx);
    await app.register(userAccessRoutes);
    await app.register(apiKeyRoutes, ctx);
  },
  // durable consumers of other services' events (purchases grant and revoke roles)
  consumers: (app) => [purchaseGrantsConsumer(app.clock)],
  seed: seedDemoData,
});
