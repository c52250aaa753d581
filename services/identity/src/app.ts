import { defineService } from '@cti/service-kit';
import { migrations } from '../migrations';
import { IdentityConfig } from './config';
import { seedDemoData } from './seed/seed-demo-data';
import { sessionRoutes } from './sessions/routes';
import { accessTokenSigner } from './sessions/tokens';
import { userRoutes } from './users/routes';

/** Identity: users, groups, roles, sessions, free access, passwords, access requests, contact mail. */
export const identityService = defineService({
  name: 'identity',
  defaultPort: 8081,
  config: IdentityConfig,
  migrations,
  async plugin(app, config) {
    const issuer = {
      signAccessToken: accessTokenSigner({
        privateKey: config.JWT_PRIVATE_KEY,
        issuer: config.JWT_ISSUER,
        audience: config.JWT_AUDIENCE,
        accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
      }),
      refreshTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
    };
    await app.register(sessionRoutes, { issuer, config });
    await app.register(userRoutes);
  },
  seed: seedDemoData,
});
