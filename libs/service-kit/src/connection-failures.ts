/**
 * Errors that mean "a dependency could not be reached", not "this request is wrong":
 * Postgres restarting or down (its connection is refused, reset, terminated by an
 * administrator command, or the server is still starting), a pool that could not get
 * a connection in time, another service refusing connections. The edge answers them
 * with 503 and the service's readiness reports the outage meanwhile.
 */

/** Socket-level failures (Node's `code`). */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/**
 * SQLSTATEs: class 08 (connection exception), 57P01 admin shutdown (`pg_ctl stop -m fast`),
 * 57P02 crash shutdown (another backend crashed, or `-m immediate`), 57P03 cannot connect
 * now (starting up or shutting down), 53300 too many connections.
 */
const SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

/** What node-postgres and its pool say when a connection died or could not be made. */
const PG_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
  'Cannot use a pool after calling end on the pool',
];

export function isConnectionFailure(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 3) return false;
  const { code, message, cause } = err as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || SQLSTATE.test(code))) return true;
  if (typeof message === 'string' && PG_MESSAGES.some((m) => message.startsWith(m))) return true;
  // fetch wraps socket errors ("fetch failed", cause ECONNREFUSED); AggregateError holds one per address tried
  if (isConnectionFailure(cause, depth + 1)) return true;
  const errors = (err as { errors?: unknown }).errors;
  return Array.isArray(errors) && errors.length > 0 && errors.every((e) => isConnectionFailure(e, depth + 1));
}
