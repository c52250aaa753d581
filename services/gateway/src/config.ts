import { CommonConfig, Type } from '@cti/service-kit';

/** Upstream URLs (IDENTITY_URL, …) come from the common configuration. */
export const GatewayConfig = Type.Object({
  /** The built web app (web/dist); empty serves the API only. */
  WEB_DIST: Type.String({ default: '' }),
  /** Requests per minute per client IP on /api. */
  RATE_LIMIT_PER_MINUTE: Type.Integer({ minimum: 1, default: 1200 }),
  /** Admins with an e-mail in this domain see Manage Products. */
  VENDOR_EMAIL_DOMAIN: Type.String({ default: 'example.com' }),
  /** Comma-separated origins trusted for cross-frame sign-on (postMessage). */
  TRUSTED_ORIGINS: Type.String({ default: '' }),
  /** The gateway faces clients directly unless told it runs behind a proxy. */
  TRUST_PROXY_HOPS: Type.Integer({ minimum: 0, default: 0 }),
  /** Largest request body forwarded (uploads). */
  BODY_LIMIT_BYTES: Type.Integer({ minimum: 1024, default: 30 * 1024 * 1024 }),
  UPSTREAM_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 60_000 }),
  /**
   * How long the answer of a public read model (asked for without a token, key or cookie)
   * is served from the gateway's memory before the service is asked again; 0 turns it off.
   * At most a second: a score change is visible through the gateway within it.
   */
  MICROCACHE_TTL_MS: Type.Integer({ minimum: 0, maximum: 1000, default: 1000 }),
  /** Attempts after the first when a replica refuses the connection or is restarting. */
  UPSTREAM_RETRIES: Type.Integer({ minimum: 0, maximum: 10, default: 5 }),
  /** How-to videos (/purchasingAccess, /useTheIndex): video URL and WebVTT captions URL; empty shows the written guide only. */
  HOWTO_VIDEO_PURCHASING_ACCESS_URL: Type.String({ default: '' }),
  HOWTO_VIDEO_PURCHASING_ACCESS_CAPTIONS_URL: Type.String({ default: '' }),
  HOWTO_VIDEO_USE_THE_INDEX_URL: Type.String({ default: '' }),
  HOWTO_VIDEO_USE_THE_INDEX_CAPTIONS_URL: Type.String({ default: '' }),
  /** Host routing: user-admin routes live on USERS_HOST, the rest on INDEX_HOST; empty (or development) turns it off. */
  USERS_HOST: Type.String({ default: '' }),
  INDEX_HOST: Type.String({ default: '' }),
  /** The carbon calculator site the login chooser and the user area link to; empty hides the link. */
  CARBON_CALCULATOR_URL: Type.String({ default: '' }),
  /**
   * How long the answer of one of the index's lists is served, from the gateway's memory, to
   * signed-in readers of the audience scoring gave it to (the same roles, groups and flags)
   * before scoring is asked again; 0 turns it off. It needs JWT_PUBLIC_KEY and NATS_URL (the
   * gateway verifies the token and hears revocations, as every service does). At most a second:
   * a score change is visible through the gateway within it.
   */
  AUDIENCE_CACHE_TTL_MS: Type.Integer({ minimum: 0, maximum: 1000, default: 500 }),
  /**
   * identity's public key: to let admins read the API documents (/api/documentation) and to
   * verify the tokens of readers answered from the gateway's memory; empty leaves both off.
   * Every service still verifies every token it is sent.
   */
  JWT_PUBLIC_KEY: Type.String({ pattern: '^$|BEGIN PUBLIC KEY', default: '' }),
  /** During a key rotation: the previous public key, still accepted until its tokens expire. */
  JWT_PUBLIC_KEY_PREVIOUS: CommonConfig.properties.JWT_PUBLIC_KEY_PREVIOUS,
  /**
   * NATS with the events stream: the gateway hears identity's revocations there, which answering
   * signed-in readers from its memory needs; empty turns that off (everything else works without).
   */
  NATS_URL: Type.String({ pattern: '^$|^(nats|tls)://', default: '' }),
  /** The gateway's NATS user (it may follow revocations only); empty: `gateway`. */
  NATS_USER: CommonConfig.properties.NATS_USER,
  /** That user's password (or NATS_PASSWORD_FILE); needed in production whenever NATS_URL is set. */
  NATS_PASSWORD: Type.String({ ...CommonConfig.properties.NATS_PASSWORD, neededWith: 'NATS_URL' }),
  /**
   * Where teams outside the platform reach NATS with the `integrations` user (`nats://` or
   * `tls://host:port`, comma-separated for a cluster): the servers of the AsyncAPI documents
   * this gateway serves. Empty: NATS_URL.
   */
  EVENTS_PUBLIC_URL: Type.String({ pattern: '^$|^(nats|tls)://[^,]+(,(nats|tls)://[^,]+)*$', default: '' }),
  EVENTS_STREAM: CommonConfig.properties.EVENTS_STREAM,
  EVENTS_SUBJECT_PREFIX: CommonConfig.properties.EVENTS_SUBJECT_PREFIX,
  /**
   * The service token: to resolve personal API keys with identity (`/api/v1`); empty
   * leaves `/api/v1` unserved.
   */
  SERVICE_TOKEN: Type.String({ default: '' }),
  /** `iss` and `aud` of access tokens (as every service's). */
  JWT_ISSUER: Type.String({ default: 'cti-identity' }),
  JWT_AUDIENCE: Type.String({ default: 'cti' }),
});
export type GatewayConfig = Type.Static<typeof GatewayConfig>;
