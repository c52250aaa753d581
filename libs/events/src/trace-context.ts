import { context, createContextKey, propagation, ROOT_CONTEXT, type Context } from '@opentelemetry/api';

/**
 * The request id travels with the OpenTelemetry context, so that an event written
 * during a request, and the work a consumer does for that event, log the same id.
 */
export const REQUEST_ID_KEY = createContextKey('cti.request-id');
export const REQUEST_ID_HEADER = 'x-request-id';

export function requestIdIn(ctx: Context = context.active()): string | undefined {
  const value = ctx.getValue(REQUEST_ID_KEY);
  return typeof value === 'string' ? value : undefined;
}

/**
 * Headers describing the active context: W3C `traceparent`/`tracestate` (through the
 * globally registered propagator; none when tracing is not set up) and the request id.
 */
export function contextHeaders(ctx: Context = context.active()): Record<string, string> {
  const headers: Record<string, string> = {};
  propagation.inject(ctx, headers);
  const requestId = requestIdIn(ctx);
  if (requestId) headers[REQUEST_ID_HEADER] = requestId;
  return headers;
}

/** The context carried by headers (an outbox row's, a NATS message's), rooted afresh. */
export function contextFromHeaders(headers: Record<string, string | undefined>): Context {
  let ctx = propagation.extract(ROOT_CONTEXT, headers);
  const requestId = headers[REQUEST_ID_HEADER];
  if (requestId) ctx = ctx.setValue(REQUEST_ID_KEY, requestId);
  return ctx;
}

/** The trace contexts transactions' work continues, where it does not run inside them (see `continueTraceIn`). */
const transactionContexts = new WeakMap<object, Context>();

/**
 * Records the trace context a transaction's work continues (a request's, a consumed event's),
 * so that events it writes to the outbox carry that trace and request id without the work
 * running inside the context. A service that does not enter contexts (on Node 20, entering
 * one turns on async hooks for the whole process) hands its contexts on this way.
 */
export function continueTraceIn(trx: object, ctx: Context): void {
  transactionContexts.set(trx, ctx);
}

/** The context a transaction's work continues: the one recorded for it, else the active one. */
export function traceContextOf(trx: object): Context {
  return transactionContexts.get(trx) ?? context.active();
}
