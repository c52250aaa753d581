import replyFrom from '@fastify/reply-from';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { CommonConfig } from '@cti/service-kit';
import type { GatewayConfig } from './config';
import { resolveUpstream, type Upstream } from './route-table';

/**
 * Forwards /api/* to the owning service with bodies untouched (uploads and signed
 * webhooks must arrive byte for byte). The gateway vouches for no one: each
 * service verifies the bearer token itself.
 */
export async function proxyRoutes(app: FastifyInstance, opts: { config: GatewayConfig & CommonConfig }) {
  const { config } = opts;
  const upstreams: Record<Upstream, string> = {
    identity: config.IDENTITY_URL,
    questionnaire: config.QUESTIONNAIRE_URL,
    scoring: config.SCORING_URL,
    documents: config.DOCUMENTS_URL,
    commerce: config.COMMERCE_URL,
    audit: config.AUDIT_URL,
  };

  // Bodies are read as raw bytes and forwarded untouched (uploads, signed webhooks);
  // buffering bounds memory by BODY_LIMIT_BYTES and keeps retries and errors simple.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: config.BODY_LIMIT_BYTES }, (_request, body, done) => done(null, body));

  await app.register(rateLimit, {
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    errorResponseBuilder: (_req, context) => ({
      statusCode: 429,
      error: 'Too Many Requests',
      message: `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
    }),
  });
  await app.register(replyFrom, {
    undici: { connections: 128, pipelining: 1, headersTimeout: config.UPSTREAM_TIMEOUT_MS, bodyTimeout: config.UPSTREAM_TIMEOUT_MS },
  });

  app.all('/api/*', { schema: { hide: true } }, (request, reply) => {
    const service = resolveUpstream(request.url);
    if (!service) {
      return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: `No service serves ${request.url.split('?')[0]}` });
    }
    const body = request.body as Buffer | undefined;
    return reply.from(`${upstreams[service]}${request.url}`, {
      // given explicitly so reply-from sends the bytes as they came (it re-encodes JSON bodies otherwise)
      ...(body?.length ? { body, contentType: request.headers['content-type'] ?? 'application/octet-stream' } : {}),
      rewriteRequestHeaders: (req, headers) => ({
        ...headers,
        'x-request-id': req.id,
        // replaced, not appended: services trust exactly one hop (this gateway)
        'x-forwarded-for': req.ip,
        'x-forwarded-host': req.headers.host ?? '',
        'x-forwarded-proto': req.protocol,
      }),
      onError: (rep, { error }) => {
        request.log.warn({ err: error, service }, 'upstream unavailable');
        return rep.code(502).send({ statusCode: 502, error: 'Bad Gateway', message: 'There was an issue contacting the server. Please try again in a few minutes.' });
      },
    });
  });
}
