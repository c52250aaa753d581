import type { FastifyRequest } from 'fastify';

/**
 * Whether the client already holds the version `etag` names (If-None-Match lists it, weak or
 * strong, or says `*`): a service answering its read models and the gateway answering from its
 * microcache both send a 304 then.
 */
export function clientHoldsVersion(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  const wanted = etag.replace(/^W\//, '');
  return header.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === wanted || tag === '*';
  });
}
