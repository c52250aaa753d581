/** Services the gateway routes to (everything but itself). */
export const UPSTREAMS = ['identity', 'questionnaire', 'scoring', 'documents', 'commerce', 'audit', 'notifications'] as const;
export type Upstream = (typeof UPSTREAMS)[number];

export interface RouteEntry {
  path: string;
  /** `exact` matches the path only; `prefix` matches it and anything below it. */
  match: 'exact' | 'prefix';
  service: Upstream;
}

const prefix = (service: Upstream, ...paths: string[]): RouteEntry[] => paths.map((path) => ({ path, match: 'prefix', service }));

/** Each `/api` path has one owning service: exact entries first, then the longest matching prefix (the most specific wins). */
export const ROUTE_TABLE: readonly RouteEntry[] = [
  ...prefix(
    'scoring',
    '/api/group/index/',
    '/api/questionnaire/enforceability/save',
    '/api/print/scorecard',
    '/api/print/enforceability/scorecard',
    '/api/print/asu',
  ),
  { path: '/api/questionnaire/save', match: 'exact', service: 'scoring' },
  ...prefix(
    'commerce',
    '/api/user/paymentDetails',
    '/api/user/check/payments/',
    '/api/product',
    '/api/payment',
    '/api/purchase',
    '/api/report/purchase',
  ),
  ...prefix('audit', '/api/questionnaire/changes/', '/api/report/audit', '/api/report/augment', '/api/filter/'),
  ...prefix('documents', '/api/document', '/api/acid', '/api/print', '/api/group/annotations'),
  ...prefix('questionnaire', '/api/questionnaire/', '/api/finalize', '/api/consent', '/api/period'),
  ...prefix('identity', '/api/user/', '/api/freeUser/', '/api/roles', '/api/group', '/api/logo', '/api/request', '/api/mail/'),
  ...prefix('notifications', '/api/notifications/', '/api/follow'),
];

/** The first two segments of a path (`/api/group` of `/api/group/index/list`): every path an entry matches shares its entry's. */
const bucketOf = (path: string) => {
  const end = path.indexOf('/', '/api/'.length);
  return end < 0 ? path : path.slice(0, end);
};

/** An entry as it is matched, its prefix with the slash below it made once. */
interface Matcher {
  entry: RouteEntry;
  /** What a path below the entry starts with (`/api/print/` for `/api/print`). */
  below: string;
}

function matches({ entry, below }: Matcher, path: string): boolean {
  if (entry.match === 'exact') return path === entry.path;
  return path === entry.path || path.startsWith(below);
}

/** Exact entries first, then the longest matching prefix; kept by their first two segments, so a path is held only against its own. */
const byBucket = new Map<string, Matcher[]>();
for (const entry of [...ROUTE_TABLE].sort((a, b) => (a.match === b.match ? b.path.length - a.path.length : a.match === 'exact' ? -1 : 1))) {
  const key = bucketOf(entry.path.replace(/\/$/, ''));
  const matcher = { entry, below: entry.path.endsWith('/') ? entry.path : `${entry.path}/` };
  byBucket.set(key, [...(byBucket.get(key) ?? []), matcher]);
}

/** The service owning a request path (query string ignored), or null. */
export function resolveUpstream(url: string): Upstream | null {
  const query = url.indexOf('?');
  let path = query < 0 ? url : url.slice(0, query);
  // (most paths have no doubled slash: no regular expression run for them)
  if (path.includes('//')) path = path.replace(/\/{2,}/g, '/');
  for (const matcher of byBucket.get(bucketOf(path)) ?? []) if (matches(matcher, path)) return matcher.entry.service;
  return null;
}
