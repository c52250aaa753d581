import type { QuestionnaireChange } from '@cti/contracts';

export interface FollowChangesOptions {
  /** The stream's address (GET, server-sent events). */
  url: string;
  /** The current access token (read anew for every connection). */
  token(): string | null;
  onChange(change: QuestionnaireChange): void;
  /**
   * Called each time the stream is (re)connected. Changes made while it was down were
   * not heard, so after a reconnection the page reloads what it shows.
   */
  onConnected(reconnected: boolean): void;
  /** The token expired: refresh the session, then the stream reconnects with the new token. */
  onTokenExpired(): Promise<void>;
  /** Stops following (the page was left). */
  signal: AbortSignal;
  fetchFn?: typeof fetch;
  /** Wait before reconnecting: doubles from `minMs` up to `maxMs` while connections keep failing. */
  retry?: { minMs: number; maxMs: number };
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/** Parses the `change` events out of server-sent event text; returns what is left of an incomplete event. */
export function parseEvents(buffer: string, onChange: (change: QuestionnaireChange) => void): string {
  const blocks = buffer.replace(/\r\n/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    if (event !== 'change' || !data.length) continue;
    try {
      onChange(JSON.parse(data.join('\n')) as QuestionnaireChange);
    } catch {
      // an event this page cannot read is skipped; the next reconnection reloads everything anyway
    }
  }
  return rest;
}

/**
 * Follows a questionnaire's change stream until aborted. It is read with fetch (not
 * EventSource) so the bearer token goes in a header, and it reconnects by itself after
 * the stream ends or fails: a service restart, a replica going away, the gateway
 * answering 502 meanwhile, an expired token (refreshed first). Only a refusal (403, 404)
 * stops it.
 */
export async function followChanges(options: FollowChangesOptions): Promise<void> {
  const { signal, retry = { minMs: 1000, maxMs: 15_000 } } = options;
  const fetchFn = options.fetchFn ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  let wait = retry.minMs;
  let connectedBefore = false;
  while (!signal.aborted) {
    try {
      const token = options.token();
      const res = await fetchFn(options.url, {
        headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        cache: 'no-store',
        signal,
      });
      if (res.status === 401 && res.headers.get('Token-Expired') === 'true') {
        await options.onTokenExpired();
        wait = retry.minMs;
      } else if (res.status === 403 || res.status === 404 || res.status === 401) {
        return;
      } else if (res.ok && res.body) {
        options.onConnected(connectedBefore);
        connectedBefore = true;
        wait = retry.minMs;
        const reader = res.body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffer = parseEvents(buffer + decoder.decode(value, { stream: true }), options.onChange);
        }
      } else {
        await res.body?.cancel();
      }
    } catch {
      // the connection failed or dropped (or the page was left): try again unless aborted
    }
    if (signal.aborted) return;
    await sleep(wait, signal);
    wait = Math.min(wait * 2, retry.maxMs);
  }
}
