import type { FastifyRequest } from 'fastify';

import { DEVICE_COOKIE } from './device-credentials';

/** This browser's device credential, if its cookie carries a valid signature (anything else counts as none). */
export function deviceCookieOf(request: FastifyRequest): string | null {
  const raw = request.cookies[DEVICE_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid ? unsigned.value : null;
}
