import { gzipSync } from 'node:zlib';

import type { FastifyReply, FastifyRequest } from 'fastify';

import { clientHoldsVersion } from './conditional-get';

/** Kept answers at least this long are sent gzip-compressed to clients that accept it; shorter ones gain nothing. */
export const GZIP_FROM_BYTES = 1024;

/** A JSON answer kept in memory: its bytes (UTF-8) and the ETag of its version, if it has one. */
export interface KeptBytes {
  readonly etag: string | null;
  readonly bytes: Buffer;
}

/**
 * Each kept answer's gzip copy, made the first time a client that accepts gzip asks for it and
 * dropped with the answer: a version is compressed once, not on every request (null: gzip made
 * it no shorter).
 */
const gzipCopies = new WeakMap<Buffer, Buffer | null>();

function gzipCopyOf(bytes: Buffer): Buffer | null {
  let copy = gzipCopies.get(bytes);
  if (copy === undefined) {
    const compressed = gzipSync(bytes);
    copy = compressed.length < bytes.length ? compressed : null;
    gzipCopies.set(bytes, copy);
  }
  return copy;
}

// browsers send the same Accept-Encoding on every request: the last one read is remembered
let lastAcceptEncoding: string | undefined;
let lastAcceptsGzip = false;

/** Whether an Accept-Encoding header lets the answer be gzip-compressed (`gzip` or `*` with a q above 0, RFC 9110 §12.5.3). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (header === undefined) return false;
  const text = Array.isArray(header) ? header.join(',') : header;
  if (text === lastAcceptEncoding) return lastAcceptsGzip;
  let gzipQ: number | undefined;
  let anyQ: number | undefined;
  for (const part of text.split(',')) {
    const [coding = '', ...params] = part.split(';');
    const name = coding.trim().toLowerCase();
    if (name !== 'gzip' && name !== 'x-gzip' && name !== '*') continue;
    let q = 1;
    for (const param of params) {
      const weight = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(param);
      if (weight) q = Number(weight[1]);
    }
    if (name === '*') anyQ = q;
    else gzipQ = Math.max(gzipQ ?? 0, q);
  }
  lastAcceptEncoding = text;
  lastAcceptsGzip = (gzipQ ?? anyQ ?? 0) > 0;
  return lastAcceptsGzip;
}

/** The ETag of a version's gzip copy: another representation, so another strong tag (`"v"` → `"v-gzip"`). */
export function gzipEtagOf(etag: string): string {
  return etag.endsWith('"') ? `${etag.slice(0, -1)}-gzip"` : `${etag}-gzip`;
}

// the versions asked for change only when a read model does: the last tag's gzip tag is remembered
let lastEtag: string | undefined;
let lastGzipEtag = '';
function rememberedGzipEtagOf(etag: string): string {
  if (etag !== lastEtag) {
    lastGzipEtag = gzipEtagOf(etag);
    lastEtag = etag;
  }
  return lastGzipEtag;
}

/** `Vary` values with `Accept-Encoding` added, by the value a route set: a route sets the same one on every answer. */
const varyWithEncoding = new Map<string, string>();
const ACCEPT_ENCODING = 'Accept-Encoding';

/** Adds `Accept-Encoding` to the Vary the reply already carries, once. */
function varyAlsoByEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined || vary === '') {
    reply.header('vary', ACCEPT_ENCODING);
    return;
  }
  const text = Array.isArray(vary) ? vary.join(', ') : String(vary);
  let combined = varyWithEncoding.get(text);
  if (combined === undefined) {
    const listed = text
      .toLowerCase()
      .split(',')
      .some((v) => v.trim() === 'accept-encoding');
    combined = listed ? text : `${text}, ${ACCEPT_ENCODING}`;
    // bounded: routes set a handful of values, but nothing here should grow with requests
    if (varyWithEncoding.size >= 64) varyWithEncoding.clear();
    varyWithEncoding.set(text, combined);
  }
  if (combined !== text) reply.header('vary', combined);
}

/**
 * Sends an answer kept as bytes (the content type and caching headers already set): 304 when the
 * client holds its version (by either representation's ETag), else the bytes, gzip-compressed
 * when they are long enough and the client accepts gzip. The copy is made once per version; on
 * loopback or a slow link alike, writing ~2 KB instead of ~19 KB is most of what a read costs.
 */
export function sendKeptBytes(request: FastifyRequest, reply: FastifyReply, answer: KeptBytes): FastifyReply {
  const compressible = answer.bytes.length >= GZIP_FROM_BYTES;
  if (compressible) varyAlsoByEncoding(reply);
  const gzipped = compressible && acceptsGzip(request.headers['accept-encoding']) ? gzipCopyOf(answer.bytes) : null;
  const { etag } = answer;
  if (etag !== null) {
    const gzipEtag = compressible ? rememberedGzipEtagOf(etag) : null;
    // header names in lower case, as Fastify keeps them: it lowers each name it is given
    reply.header('etag', gzipped ? gzipEtag : etag);
    if (clientHoldsVersion(request, etag) || (gzipEtag !== null && clientHoldsVersion(request, gzipEtag))) {
      return reply.code(304).send();
    }
  }
  if (gzipped) return reply.code(200).header('content-encoding', 'gzip').send(gzipped);
  return reply.code(200).send(answer.bytes);
}
