import Type from 'typebox';

/** Error body of every service: `message` carries the spec's answer text. */
export const ErrorBody = Type.Object(
  {
    statusCode: Type.Number({ description: 'The HTTP status of the answer' }),
    error: Type.String({ description: 'The status’s reason phrase (e.g. Not Found)' }),
    message: Type.String({ description: 'What went wrong, in words meant for people' }),
  },
  { description: 'An error answer' },
);
export type ErrorBody = Type.Static<typeof ErrorBody>;

/** Plain-text status answers (the spec's "status text" / "message" answers). */
export const MessageBody = Type.Object({ message: Type.String() });
export type MessageBody = Type.Static<typeof MessageBody>;

export const IdParam = Type.Object({ id: Type.String() });

/**
 * The longest text a request field may carry, by kind of field (characters). Every text a route
 * reads has one in its schema (the hostile-input platform test holds every route to it); a
 * use-case that normalises text checks its limit again after (the kit's `freeText`).
 */
export const TextLimits = {
  /** An id sent as text: a row id, a provider's id, a stored file name. */
  id: 200,
  /** A date or a date and time. */
  date: 40,
  email: 320,
  /** One line: a name, a title, a status, a path. */
  line: 500,
  /** A few paragraphs: a description, a reasoning, a comment. */
  paragraph: 10_000,
  /** Rich text stored as sanitized HTML, or a page to render. */
  html: 1_000_000,
} as const;

/** The start or end of a report's range: an ISO date or date and time (`instantOf` tells whether it exists). */
/* @__NO_SIDE_EFFECTS__ */
export const DateBound = (description: string) => Type.String({ maxLength: TextLimits.date, description });

const ISO_DATE_OR_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * The moment an ISO date (`2026-02-28`, midnight UTC) or date and time stands for, in
 * milliseconds; null when the text is not one or names a day or time that does not exist
 * (`2026-02-30`, `2026-04-31`, `25:00`), which `Date.parse` would quietly move to another day.
 */
export function instantOf(text: string): number | null {
  const parts = ISO_DATE_OR_TIME.exec(text);
  if (!parts) return null;
  const [year, month, day, hour = 0, minute = 0, second = 0] = parts.slice(1, 7).map((p) => (p === undefined ? undefined : Number(p)));
  const daysInMonth = new Date(Date.UTC(year!, month, 0)).getUTCDate();
  if (month! < 1 || month! > 12 || day! < 1 || day! > daysInMonth || hour > 23 || minute > 59 || second > 59) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms;
}

/** An id sent as text (TextLimits.id long at most) where it need not be a uuid. */
/* @__NO_SIDE_EFFECTS__ */
export const IdText = () => Type.String({ maxLength: TextLimits.id });

/** A row id (users, questionnaires, groups): a UUID, refused with a 400 naming the field when it is not one. */
/* @__NO_SIDE_EFFECTS__ */
export const Uuid = (options: { description?: string } = {}) => Type.String({ format: 'uuid', ...options });

const UUID_FORM = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether a text is in a row id's form: ids from paths, lists and providers are checked before they reach a uuid column. */
/* @__NO_SIDE_EFFECTS__ */
export const isUuid = (value: string): boolean => UUID_FORM.test(value);

/**
 * Headers a service sets for the gateway, the cache the platform runs in front of the services
 * (their surrogate): how long it may keep an answer (`max-age`) and for which audience of signed-in
 * readers (`audienceOf` in @cti/access). The gateway removes both from every answer it passes on.
 */
export const SurrogateHeaders = { control: 'surrogate-control', audience: 'surrogate-audience' } as const;
