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
 * Security headers on every answer of the gateway (helmet): the CSP above, nosniff,
 * Referrer-Policy no-referrer (reset and welcome links carry codes in their paths),
 * cross-origin isolation of resources, and HSTS when the request came over https
 * (directly or, with TRUST_PROXY_HOPS, as the proxy in front says).
 */
export function securityHeaders(options: SecurityHeaderOptions): AnswerHeaders {
  const headers = helmetHeaders({
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
    for (const [name, value] of headers) reply.header(name, value);
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
  };
}
