/**
 * Where a payment provider sends the buyer back: to the origin the buyer is using, when it
 * is one this installation is reached at (PUBLIC_URL, PUBLIC_ORIGINS, and the loopback
 * aliases of a loopback PUBLIC_URL), so the session in that origin's storage carries on;
 * any other Host (a forged or unknown one) gets PUBLIC_URL.
 */
export interface ReturnOrigins {
  fallback: string;
  allowed: ReadonlySet<string>;
}

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

const originOf = (url: string): string | null => {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
};

export function returnOrigins(publicUrl: string, publicOrigins: string): ReturnOrigins {
  const fallback = originOf(publicUrl) ?? publicUrl.replace(/\/+$/, '');
  const allowed = new Set<string>([fallback]);
  for (const extra of publicOrigins.split(',')) {
    const origin = originOf(extra.trim());
    if (origin) allowed.add(origin);
  }
  const base = new URL(fallback);
  if (LOOPBACK.includes(base.hostname)) {
    for (const host of LOOPBACK) allowed.add(`${base.protocol}//${host}${base.port ? `:${base.port}` : ''}`);
  }
  return { fallback, allowed };
}

/** The buyer's origin from the request (the gateway's X-Forwarded-Host/Proto), if allowed; else PUBLIC_URL's. */
export function returnOriginOf(request: { protocol: string; host: string }, origins: ReturnOrigins): string {
  const origin = request.host ? originOf(`${request.protocol}://${request.host}`) : null;
  return origin && origins.allowed.has(origin) ? origin : origins.fallback;
}
