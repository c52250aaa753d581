import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

import { isConnectionFailure } from './connection-failures';
import { DomainError, reasonPhrase, ServiceUnavailable, UNHANDLED_MESSAGE } from './errors';
import { refusedInputOf } from './input-errors';

/** Maps domain errors to their status and spec text; hides everything else. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (!(error instanceof DomainError) && isConnectionFailure(error)) {
    // Postgres (or a service called) is unreachable: the work did not complete, so never a 2xx
    request.log.warn({ err: error }, 'a dependency is unavailable; answered 503');
    const unavailable = new ServiceUnavailable();
    reply.headers(unavailable.headers);
    return reply.code(503).send({ statusCode: 503, error: reasonPhrase(503), message: unavailable.message });
  }
  if (error instanceof DomainError) {
    reply.headers(error.headers);
    if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
    return reply
      .code(error.statusCode)
      .send({ statusCode: error.statusCode, error: reasonPhrase(error.statusCode), message: error.message });
  }
  if (error.validation) {
    const first = error.validation[0];
    const where = first?.instancePath
      ? `${error.validationContext ?? 'body'}${first.instancePath.replace(/\//g, '.')}`
      : (error.validationContext ?? 'request');
    return reply.code(400).send({ statusCode: 400, error: 'Bad Request', message: `Invalid ${where}: ${first?.message ?? error.message}` });
  }
  const refusedInput = refusedInputOf(error);
  if (refusedInput) {
    request.log.warn({ err: error }, 'the database refused a value of the request');
    return reply.code(400).send({ statusCode: 400, error: reasonPhrase(400), message: refusedInput.message });
  }
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (status === 500) {
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ statusCode: 500, error: reasonPhrase(500), message: UNHANDLED_MESSAGE });
  }
  return reply.code(status).send({ statusCode: status, error: reasonPhrase(status), message: error.message });
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(404)
    .send({ statusCode: 404, error: 'Not Found', message: `Route ${request.method} ${request.url.split('?')[0]} not found` });
}
