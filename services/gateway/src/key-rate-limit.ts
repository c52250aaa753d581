import type { KeyRateLimit } from '@cti/contracts';
import { DomainError } from '@cti/service-kit';

/** The name of the key's policy in the IETF headers (`RateLimit-Policy: "api-key";q=120;w=60`). */
export const API_KEY_POLICY = 'api-key';

/**
 * What a key's client paces itself by, on every `/api/v1` answer: its own limit (identity counts
 * it per key, shared by every gateway), never the gateway's per-address bucket. Both the IETF
 * draft's structured fields (draft-ietf-httpapi-ratelimit-headers: `RateLimit-Policy` quota `q`
 * per window `w` seconds, `RateLimit` remaining `r`, seconds to reset `t`) and the common
 * `X-RateLimit-*` ones, which replace the per-address values on these answers.
 */
export function keyRateLimitHeaders(state: KeyRateLimit): Record<string, string> {
  return {
    'ratelimit-policy': `"${API_KEY_POLICY}";q=${state.limit};w=${state.windowSeconds}`,
    ratelimit: `"${API_KEY_POLICY}";r=${state.remaining};t=${state.resetSeconds}`,
    'x-ratelimit-limit': String(state.limit),
    'x-ratelimit-remaining': String(state.remaining),
    'x-ratelimit-reset': String(state.resetSeconds),
  };
}

/** A key past its limit: 429 with `Retry-After` (the seconds until its window ends) and the key's figures. */
export function keyRateLimited(state: KeyRateLimit, message: string): DomainError {
  return new DomainError(429, message, { ...keyRateLimitHeaders(state), 'retry-after': String(state.resetSeconds) });
}

/**
 * A request answered 304 Not Modified costs the key nothing: its figures say so at once (one
 * more remaining), and identity is told to take the request back from the key's window.
 */
export function notModifiedCostsNothing(state: KeyRateLimit): KeyRateLimit {
  return { ...state, remaining: Math.min(state.limit, state.remaining + 1) };
}
