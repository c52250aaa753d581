import type { Context } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';

import { contextHeaders } from '@cti/events';

import { isConnectionFailure } from './connection-failures';
import { DomainError, reasonPhrase, ServiceUnavailable } from './errors';

export type ServiceName = 'identity' | 'questionnaire' | 'scoring' | 'documents' | 'commerce' | 'audit' | 'notifications';

const urlKey: Record<ServiceName, string> = {
  identity: 'IDENTITY_URL',
  questionnaire: 'QUESTIONNAIRE_URL',
  scoring: 'SCORING_URL',
  documents: 'DOCUMENTS_URL',
  commerce: 'COMMERCE_URL',
  audit: 'AUDIT_URL',
  notifications: 'NOTIFICATIONS_URL',
};

export interface InternalCall {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Raw answer (PDF bytes) instead of JSON. */
  binary?: boolean;
  timeoutMs?: number;
  /** Forwarded so one request id follows the call across services. */
  requestId?: string;
  /** The trace context the call is made in, when it is not the active one (a service that does not enter its requests' contexts). */
  context?: Context;
}

/**
 * Calls another service's `/internal/...` route (never routed by the gateway) with the
 * service token. Throws a DomainError with the callee's status and message on failure:
 * its 4xx as they are (a 429 with its Retry-After), its 503 (with Retry-After) as 503, other 5xx as 502; a callee that
 * cannot be reached at all gives 503 (ServiceUnavailable).
 */
export async function callService<T = unknown>(
  app: FastifyInstance,
  service: ServiceName,
  path: string,
  call: InternalCall = {},
): Promise<T> {
  if (!path.startsWith('/internal/')) throw new Error(`internal calls go to /internal/ paths, not ${path}`);
  const base = pickReplica(String(app.config[urlKey[service]] ?? ''));
  const res = await fetch(`${base}${path}`, {
    method: call.method ?? (call.body === undefined ? 'GET' : 'POST'),
    headers: {
      // W3C traceparent and the request id of the context this call is made in
      ...contextHeaders(call.context),
      'x-service-token': app.config.SERVICE_TOKEN,
      ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(call.requestId ? { 'x-request-id': call.requestId } : {}),
    },
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
    signal: AbortSignal.timeout(call.timeoutMs ?? 30_000),
  }).catch((err: unknown) => {
    // refused, reset or timed out: the other service is away, which is no bug of this one
    if (!isConnectionFailure(err) && !(err instanceof DOMException && err.name === 'TimeoutError')) throw err;
    app.log.warn({ err, service, path }, 'internal call failed');
    throw new ServiceUnavailable();
  });
  if (!res.ok) {
    const text = await res.text();
    let message = text;
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? text;
    } catch {
      // plain text answer
    }
    if (!message) app.log.warn({ service, path, status: res.status }, 'internal call answered without a message');
    const retryAfter = res.headers.get('retry-after');
    const status = res.status === 503 ? 503 : res.status >= 500 ? 502 : res.status;
    // the answer reaches the browser: it names no service
    throw new DomainError(
      status,
      message || reasonPhrase(status),
      (status === 503 || status === 429) && retryAfter ? { 'Retry-After': retryAfter } : {},
    );
  }
  if (call.binary) return Buffer.from(await res.arrayBuffer()) as T;
  const type = res.headers.get('content-type') ?? '';
  return (type.includes('json') ? await res.json() : await res.text()) as T;
}

/** `<SERVICE>_URL` may list several replicas, comma-separated (one Kubernetes Service URL in production). */
function pickReplica(urls: string): string {
  const list = urls
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  return list[Math.floor(Math.random() * list.length)] ?? '';
}
