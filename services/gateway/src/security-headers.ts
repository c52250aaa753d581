import helmet, { type HelmetOptions } from 'helmet';

import type { AnswerHeaders } from '@cti/service-kit';

export interface SecurityHeaderOptions {
  /** Origins that may frame the app (the cross-frame sign-on sites). */
  trustedOrigins: readonly string[];
  /** Absolute URLs the app loads media from (the how-to videos and their captions). */
  mediaUrls: readonly string[];
}

/** A year, the usual HSTS lifetime (the preload list's minimum). */
const HSTS = 'max-age=31536000; includeSubDomains';

const originOf = (url: string): string | null => {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null; // a path on this origin
  }
};

/**
 * The Content Security Policy the web app works under: its own scripts only (no inline
 * script, no eval); styles from its own files; the map's workers from blob: URLs
 * (mapbox-gl builds them in the page); the PDF viewer's bytes from blob: URLs it
 * creates; videos and captions from this origin or the configured video hosts; no
 * plugins; framed only by this origin and the configured sign-on sites.
 */
export function contentSecurityPolicy(options: SecurityHeaderOptions): Record<string, string[]> {
  const media = [...new Set(options.mediaUrls.map(originOf).filter((o): o is string => !!o))];
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", 'blob:'],
    workerSrc: ["'self'", 'blob:'],
    childSrc: ["'self'", 'blob:'],
    frameSrc: ["'self'", 'blob:'],
    mediaSrc: ["'self'", 'blob:', ...media],
    objectSrc: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'", ...options.trustedOrigins],
  };
}

/**
 * The policy of the API reference page (`/api/v1/docs`, Redoc) alone, sent by its route instead of
 * the app's: scripts of this origin only, as everywhere; styles of this origin and the `<style>`
 * elements Redoc creates, which carry this answer's nonce (api-reference.ts); its search index in
 * a worker Redoc starts from a blob: URL; images of this origin and data: (its icons); nothing
 * else, framed by no other site. The rest of the site keeps the policy above.
 */
export function apiReferencePolicy(nonce: string): string {
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['base-uri', ["'self'"]],
    ['script-src', ["'self'"]],
    ['script-src-attr', ["'none'"]],
    ['style-src', ["'self'", `'nonce-${nonce}'`]],
    ['img-src', ["'self'", 'data:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'"]],
    ['worker-src', ['blob:']],
    ['object-src', ["'none'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/**
 * The headers helmet sets for these options, computed once: none of them depends on the
 * request (no CSP nonces), so each answer only copies them (running helmet per request,
 * as @fastify/helmet does, parsed the policy again for every request).
 */
function helmetHeaders(options: HelmetOptions): Array<[string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  let failure: unknown = null;
  helmet(options)({} as never, recorder as never, (err?: unknown) => {
    failure = err ?? null;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return [...headers.entries()];
}

/**
 * What an API answer carries instead of the web app's set (OWASP's REST advice). An /api answer is
 * JSON or a file fetched by the app with a bearer token, never a page: no browser renders it as a
 * document of this origin (a navigation carries no token), so it gets a CSP that allows nothing and
 * lets no one frame it, nosniff, no referrer, and same-origin resource policy (no cross-origin
 * no-cors reads). The headers that only matter to documents (COOP, Origin-Agent-Cluster, DNS
 * prefetch, IE's download options and XSS filter, Flash's cross-domain policies, X-Frame-Options,
 * which frame-ancestors supersedes) are left off: each answer's bytes are written and each header
 * validated on every request, the gateway's hottest path.
 */
const API_ANSWER_HEADERS: ReadonlyArray<[string, string]> = [
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['cross-origin-resource-policy', 'same-origin'],
  ['referrer-policy', 'no-referrer'],
  ['x-content-type-options', 'nosniff'],
];

/**
 * Whether a request is for the API: what its routes serve (`/api/*`); `/api` itself is the web
 * app's fallback page, and the API's reference (`/api/v1/docs`) is a page with its script.
 */
const isApiPath = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/v1/docs');

/**
 * Security headers on every answer of the gateway (helmet): on the web app's pages and files and
 * every other answer outside /api, the CSP above, nosniff, Referrer-Policy no-referrer (reset and
 * welcome links carry codes in their paths), cross-origin isolation of resources; on /api answers
 * the shorter, stricter set above; HSTS on both when the request came over https (directly or,
 * with TRUST_PROXY_HOPS, as the proxy in front says).
 */
export function securityHeaders(options: SecurityHeaderOptions): AnswerHeaders {
  const pageHeaders = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options) },
    // sent below, only over https
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'no-referrer' },
    // frame-ancestors decides who may frame the app; X-Frame-Options cannot name other sites
    xFrameOptions: options.trustedOrigins.length ? false : { action: 'sameorigin' },
    // the how-to videos may come from a video host without CORP headers
    crossOriginEmbedderPolicy: false,
  });
  return (request, reply) => {
    for (const [name, value] of isApiPath(request.url) ? API_ANSWER_HEADERS : pageHeaders) reply.header(name, value);
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
  };
}
