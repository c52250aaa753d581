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

/** A row id (users, questionnaires, groups): a UUID, refused with a 400 naming the field when it is not one. */
export const Uuid = (options: { description?: string } = {}) => Type.String({ format: 'uuid', ...options });

const UUID_FORM = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether a text is in a row id's form: ids from paths, lists and providers are checked before they reach a uuid column. */
export const isUuid = (value: string): boolean => UUID_FORM.test(value);

/**
 * Headers a service sets for the gateway, the cache the platform runs in front of the services
 * (their surrogate): how long it may keep an answer (`max-age`) and for which audience of signed-in
 * readers (`audienceOf` in @cti/access). The gateway removes both from every answer it passes on.
 */
export const SurrogateHeaders = { control: 'surrogate-control', audience: 'surrogate-audience' } as const;
