/**
 * Domain errors carry the HTTP status and the spec's answer text; the error handler
 * maps them at the edge. Throw subclasses from use-cases, never raw HTTP replies.
 */
export class DomainError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequest extends DomainError {
  constructor(message: string) {
    super(400, message);
  }
}
/** The challenge of a 401 (RFC 9110 §11.6.1): services take identity's access tokens as bearer tokens. */
export const BEARER_CHALLENGE = 'Bearer realm="cti"';

export class Unauthorized extends DomainError {
  /** `headers` may give another challenge (`WWW-Authenticate`) than the bearer token's. */
  constructor(message = 'You must be logged in.', headers: Record<string, string> = {}) {
    super(401, message, { 'WWW-Authenticate': BEARER_CHALLENGE, ...headers });
  }
}
export class TokenExpired extends Unauthorized {
  constructor() {
    super('Token expired', {
      'Token-Expired': 'true',
      'WWW-Authenticate': `${BEARER_CHALLENGE}, error="invalid_token", error_description="The access token expired"`,
    });
  }
}
export class Forbidden extends DomainError {
  constructor(message = 'You do not have permission to do this.') {
    super(403, message);
  }
}
export class NotFound extends DomainError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}
export class Conflict extends DomainError {
  constructor(message: string) {
    super(409, message);
  }
}
export class TooManyRequests extends DomainError {
  constructor(message = 'Too many attempts. Please wait a few minutes and try again.', retryAfterSeconds = 60) {
    super(429, message, { 'Retry-After': String(retryAfterSeconds) });
  }
}

/** Text of answers given while a dependency (Postgres, another service) is unreachable. */
export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a moment.';

/**
 * 503: the request could not be served now through no fault of the caller, and nothing
 * was changed (a dependency is down or restarting). Clients may retry after Retry-After.
 */
export class ServiceUnavailable extends DomainError {
  constructor(message = UNAVAILABLE_MESSAGE, retryAfterSeconds = 5) {
    super(503, message, { 'Retry-After': String(retryAfterSeconds) });
  }
}

const reasons: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};
export const reasonPhrase = (status: number) => reasons[status] ?? 'Error';

/** Text for failures that are not the caller's fault (the answer text users see). */
export const UNHANDLED_MESSAGE = 'An unhandled exception occurred. Please try again later.';
