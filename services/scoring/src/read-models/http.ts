import type { FastifyReply, FastifyRequest } from 'fastify';

import { SurrogateHeaders } from '@cti/contracts';
import { sendKeptBytes, type KeptBytes } from '@cti/service-kit';

/**
 * Who may be given the same answer: only the caller (`per-caller`); everyone, signed in or not
 * (`forEveryone`); or everyone of one audience of signed-in readers (`{ audience }`, from
 * `audienceOf`: the answer depends on the caller's access alone).
 */
export type Sharing = 'per-caller' | 'forEveryone' | { audience: string };

/** A JSON answer kept in memory: its bytes (UTF-8) and, always, its ETag. */
export interface StoredAnswer extends KeptBytes {
  readonly etag: string;
}

/** How long the gateway may answer an audience's readers with a kept answer (it caps this itself too). */
const AUDIENCE_MAX_AGE_SECONDS = 1;
const AUDIENCE_SURROGATE_CONTROL = `max-age=${AUDIENCE_MAX_AGE_SECONDS}`;

/**
 * Sends a stored JSON answer with its ETag (gzip-compressed for clients that accept it); a client
 * holding that version gets 304.
 * Answers depend on who asks, so browsers and outside caches must revalidate and never share
 * them; an answer `forEveryone` may be kept by a shared cache (the gateway's) for a second, and
 * one for an audience by the gateway only (`Surrogate-*` headers, which it does not pass on).
 */
export function sendJson(request: FastifyRequest, reply: FastifyReply, answer: StoredAnswer, sharing: Sharing = 'per-caller') {
  // header names in lower case, as Fastify keeps them (it lowers each name it is given)
  if (sharing === 'forEveryone') reply.header('cache-control', 'public, max-age=0, s-maxage=1');
  else {
    reply.header('cache-control', 'private, no-cache').header('vary', 'Authorization');
    if (sharing !== 'per-caller') {
      reply.header(SurrogateHeaders.control, AUDIENCE_SURROGATE_CONTROL).header(SurrogateHeaders.audience, sharing.audience);
    }
  }
  return sendKeptBytes(request, reply.type('application/json; charset=utf-8'), answer);
}
