import type { FastifyRequest, preValidationHookHandler } from 'fastify';

import { BadRequest } from './errors';

/**
 * Text no field of this product may hold: NUL (Postgres text refuses it, C libraries and
 * log pipelines cut strings at it) and UTF-16 surrogates without their pair (not text at
 * all: they cannot be encoded to UTF-8 and break every consumer downstream).
 */
// eslint-disable-next-line no-control-regex -- finding the NUL character is this expression's purpose
const NUL = /\u0000/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Deeper JSON than any payload of the product has; refused rather than walked. */
const MAX_DEPTH = 32;

export interface HostileText {
  /** Where in the request: `body.Email`, `query.filename`, `params.id`, `body.Emails[2].Name`. */
  where: string;
  problem: 'a NUL character' | 'an unpaired UTF-16 surrogate' | 'nesting deeper than 32 levels';
}

// one test clears the usual string (no NUL, no surrogate at all); only a string with one looks closer
// eslint-disable-next-line no-control-regex -- finding the NUL character is this expression's purpose
const SUSPECT = /[\u0000\uD800-\uDFFF]/;

function problemOf(text: string): HostileText['problem'] | null {
  if (!SUSPECT.test(text)) return null;
  if (NUL.test(text)) return 'a NUL character';
  if (LONE_SURROGATE.test(text)) return 'an unpaired UTF-16 surrogate';
  return null;
}

const keySegment = (key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`);

/** The first string (value or object key) in `value` that no field may hold, or null. */
export function findHostileText(value: unknown, where: string): HostileText | null {
  const found = hostileIn(value, 0);
  return found && { where: `${where}${found.path}`, problem: found.problem };
}

/**
 * The walk of `findHostileText`: the path below `value` is built on the way back, for the
 * one string found only (most requests have none, and paid for every field's path before).
 */
function hostileIn(value: unknown, depth: number): { path: string; problem: HostileText['problem'] } | null {
  if (typeof value === 'string') {
    const problem = problemOf(value);
    return problem ? { path: '', problem } : null;
  }
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  if (depth >= MAX_DEPTH) return { path: '', problem: 'nesting deeper than 32 levels' };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = hostileIn(value[i], depth + 1);
      if (found) return { path: `[${i}]${found.path}`, problem: found.problem };
    }
    return null;
  }
  for (const key of Object.keys(value)) {
    const keyProblem = problemOf(key);
    if (keyProblem) return { path: ' (a field name)', problem: keyProblem };
    const found = hostileIn((value as Record<string, unknown>)[key], depth + 1);
    if (found) return { path: `${keySegment(key)}${found.path}`, problem: found.problem };
  }
  return null;
}

/**
 * preValidation hook of every route (the kit adds it when a route is registered): refuses,
 * with a 400 naming the field, any JSON body, query or path parameter carrying text no
 * field may hold. Raw bodies (uploads, signed webhooks) are bytes, not text, and are left
 * to the routes that read them.
 */
export const refuseHostileText: preValidationHookHandler = (request: FastifyRequest, _reply, done) => {
  // a callback hook, not an async one: most requests (no body, no query) pass without a promise made
  const found =
    findHostileText(request.params, 'params') ?? findHostileText(request.query, 'query') ?? findHostileText(request.body, 'body');
  done(found ? new BadRequest(`Invalid ${found.where}: text must not contain ${found.problem}.`) : undefined);
};
