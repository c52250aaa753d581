import type { FastifyReply, FastifyRequest } from 'fastify';

import { clientHoldsVersion } from '@cti/service-kit';

/**
 * Sends a stored JSON answer with its ETag; a client holding that version gets 304.
 * Answers depend on who asks, so caches must revalidate and never share them; an answer
 * `forEveryone` (the same bytes whoever asks) may be kept by a shared cache (the gateway's)
 * for a second, while browsers still revalidate each time.
 */
export function sendJson(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: { etag: string; body: string },
  audience: 'per-caller' | 'forEveryone' = 'per-caller',
) {
  if (audience === 'forEveryone') reply.header('ETag', answer.etag).header('Cache-Control', 'public, max-age=0, s-maxage=1');
  else reply.header('ETag', answer.etag).header('Cache-Control', 'private, no-cache').header('Vary', 'Authorization');
  if (clientHoldsVersion(request, answer.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.body);
}
