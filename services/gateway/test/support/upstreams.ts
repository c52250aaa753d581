import { UPSTREAMS } from '../../src/route-table';

/** The gateway's settings sending every service's requests to `url` (one stand-in for them all). */
export const everyUpstreamAt = (url: string): Record<string, string> =>
  Object.fromEntries(UPSTREAMS.map((name) => [`${name.toUpperCase()}_URL`, url]));
