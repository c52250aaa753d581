import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Dispatcher } from 'undici';

/** Hop-by-hop headers (RFC 9110 §7.6.1), and `host` and `content-length`, which undici sets itself: never forwarded either way. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'http2-settings',
  'expect',
]);
const NOT_SENT_UPSTREAM = new Set([...HOP_BY_HOP, 'host', 'content-length']);

/**
 * Answers up to this size (by their `Content-Length`) are read whole and sent in one write;
 * longer ones, those of unknown length and event streams are streamed to the client as they come.
 */
export const BUFFERED_ANSWER_BYTES = 1024 * 1024;

/** A copy of the client's request headers without the hop-by-hop ones, nor those the `Connection` header names. */
export function upstreamRequestHeaders(client: IncomingHttpHeaders): Record<string, string | string[]> {
  const listed = connectionListed(client.connection);
  const headers: Record<string, string | string[]> = {};
  for (const name in client) {
    const value = client[name];
    if (value === undefined || NOT_SENT_UPSTREAM.has(name) || listed?.has(name)) continue;
    headers[name] = value;
  }
  return headers;
}

function connectionListed(connection: string | string[] | undefined): Set<string> | null {
  if (!connection) return null;
  // what nearly every client sends names no header of its own (keep-alive is dropped anyway)
  if (typeof connection === 'string' && /^\s*(?:keep-alive|close)\s*$/i.test(connection)) return null;
  const names = new Set<string>();
  for (const name of String(connection).toLowerCase().split(',')) if (name.trim()) names.add(name.trim());
  return names;
}

export type RetryReason = 'refused' | 'connection-lost' | 'closing';

export interface UpstreamCall {
  origin: string;
  /** The path and query string, as the client sent them. */
  path: string;
  headers: Record<string, string | string[]>;
  /** The client's body as received (bytes untouched); null when it sent none. */
  body: Buffer | null;
  /** Told the status of the answer that is passed on, before anything of it is sent (headers may still be set). */
  onAnswer?: (statusCode: number) => void;
}

export interface ForwarderOptions {
  dispatcher: Dispatcher;
  timeoutMs: number;
  /** How many times a request is sent again, when `retryReason` allows it. */
  retries: number;
  retryReason: (
    method: string,
    err: (Error & { code?: string }) | null,
    res: { statusCode: number; headers: Record<string, unknown> } | null,
  ) => RetryReason | null;
}

export interface AnswerHooks {
  /** Response headers never passed on to the client (besides the hop-by-hop ones). */
  dropped?: ReadonlySet<string>;
  /** Called before the request is sent again. */
  onRetry?(reason: RetryReason): void;
  /** Called once the upstream's status and headers are in, before anything is sent. */
  onHeaders?(request: FastifyRequest, statusCode: number, headers: IncomingHttpHeaders): void;
  /** Called with a server-sent event stream as it starts (it never ends by itself). */
  onEventStream?(stream: Readable, reply: FastifyReply): void;
  /** The upstream could not be reached or failed before anything was sent: answer the client. */
  onFailure(reply: FastifyReply, error: Error): void;
}

/**
 * Sends requests on to services with undici's dispatcher, without the streams a generic proxy
 * puts on every answer: an answer of known, bounded length is read whole and sent in one write
 * (an upstream failing mid-answer then still gets a clean error answer, and is retried where it
 * may be), anything else is streamed with backpressure. Requests are retried as `retryReason` allows.
 */
export class UpstreamForwarder {
  constructor(private readonly opts: ForwarderOptions) {}

  forward(request: FastifyRequest, reply: FastifyReply, call: UpstreamCall, hooks: AnswerHooks): FastifyReply {
    this.attempt(request, reply, call, hooks, 0);
    return reply;
  }

  private attempt(request: FastifyRequest, reply: FastifyReply, call: UpstreamCall, hooks: AnswerHooks, attempt: number): void {
    const retry = (reason: RetryReason | null): boolean => {
      if (reason === null || attempt >= this.opts.retries) return false;
      hooks.onRetry?.(reason);
      setTimeout(() => this.attempt(request, reply, call, hooks, attempt + 1), 25 * 2 ** attempt);
      return true;
    };
    const handler = new ForwardAttempt(request, reply, hooks, this.opts.retryReason, retry, call.onAnswer);
    this.opts.dispatcher.dispatch(
      {
        origin: call.origin,
        path: call.path,
        method: request.method,
        headers: call.headers,
        body: call.body,
        headersTimeout: this.opts.timeoutMs,
        bodyTimeout: this.opts.timeoutMs,
      },
      handler,
    );
  }
}

/** One sending of a request, and what comes back. */
class ForwardAttempt implements Dispatcher.DispatchHandler {
  private statusCode = 0;
  private headers: IncomingHttpHeaders = {};
  private chunks: Buffer[] | null = null;
  private stream: Readable | null = null;
  /** The answer is being dropped: a retry or the client's departure took over. */
  private dropped = false;
  /** The service's answer arrived whole. */
  private ended = false;

  constructor(
    private readonly request: FastifyRequest,
    private readonly reply: FastifyReply,
    private readonly hooks: AnswerHooks,
    private readonly retryReason: ForwarderOptions['retryReason'],
    private readonly retry: (reason: RetryReason | null) => boolean,
    private readonly onAnswer: UpstreamCall['onAnswer'],
  ) {}

  onRequestStart(): void {}

  onResponseStart(controller: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders): void {
    if (statusCode === 503 && this.retry(this.retryReason(this.request.method, null, { statusCode, headers }))) {
      // a closing replica's answer is dropped unread
      this.drop(controller);
      return;
    }
    if (this.clientGone()) {
      // the client left while the service worked: nothing to answer
      this.drop(controller);
      return;
    }
    if (statusCode > 599) {
      // not an HTTP status a reply can carry on
      this.drop(controller);
      this.hooks.onFailure(this.reply, new Error(`the service answered with status ${statusCode}`));
      return;
    }
    this.statusCode = statusCode;
    this.headers = headers;
    this.hooks.onHeaders?.(this.request, statusCode, headers);
    this.onAnswer?.(statusCode);
    const length = Number(headers['content-length']);
    const eventStream = String(headers['content-type'] ?? '').startsWith('text/event-stream');
    if (!eventStream && headers['content-length'] !== undefined && length <= BUFFERED_ANSWER_BYTES) {
      this.chunks = [];
      return;
    }
    const stream = new Readable({
      read: () => controller.resume(),
      destroy: (err, done) => {
        // the client went away before the end (Fastify destroys what it was sending): stop reading the upstream
        if (!this.ended && !controller.aborted) controller.abort(err ?? new Error('the client closed the connection'));
        done(err);
      },
    });
    this.stream = stream;
    const reply = this.answer();
    if (eventStream) this.hooks.onEventStream?.(stream, reply);
    void reply.send(stream);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.chunks) this.chunks.push(chunk);
    else if (this.stream && !this.stream.push(chunk)) controller.pause();
  }

  onResponseEnd(): void {
    this.ended = true;
    if (this.dropped) return;
    if (this.stream) {
      this.stream.push(null);
      return;
    }
    const chunks = this.chunks ?? [];
    void this.answer().send(chunks.length === 0 ? undefined : chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
  }

  onResponseError(_controller: Dispatcher.DispatchController | undefined, error: Error): void {
    if (this.dropped) return;
    if (this.stream) {
      // the answer was already on its way: all that is left is to cut it short
      this.stream.destroy(error);
      return;
    }
    // nothing was sent yet (an answer read whole is sent at its end)
    this.dropped = true;
    if (this.retry(this.retryReason(this.request.method, error, null))) return;
    if (!this.reply.sent && !this.clientGone()) this.hooks.onFailure(this.reply, error);
  }

  /** The client's connection is closed (the request's own stream ends once its body is read: not a sign). */
  private clientGone(): boolean {
    return this.reply.raw.destroyed || this.request.raw.socket?.destroyed === true;
  }

  private drop(controller: Dispatcher.DispatchController): void {
    this.dropped = true;
    controller.abort(new Error('answer dropped'));
  }

  /** The reply with the upstream's status and headers (hop-by-hop and `dropped` ones left out). */
  private answer(): FastifyReply {
    const reply = this.reply.code(this.statusCode);
    const dropped = this.hooks.dropped;
    for (const name in this.headers) {
      const value = this.headers[name];
      if (value === undefined || HOP_BY_HOP.has(name) || dropped?.has(name)) continue;
      reply.header(name, value);
    }
    return reply;
  }
}
