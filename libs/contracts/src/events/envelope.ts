import Type from 'typebox';

/**
 * Who caused an event; null for system work (relays, schedulers, seeds). The actor is named (the
 * audit log's Name and User Group columns) but carries no e-mail address: no consumer needs one,
 * and every reader of every subject would otherwise get every actor's address. Events written
 * before it was left out still carry `email`.
 */
export const EventActor = Type.Object({
  userId: Type.String(),
  name: Type.String(),
  /** Not sent any more; present on older events only. */
  email: Type.Optional(Type.String()),
  groupNames: Type.Array(Type.String()),
});
export type EventActor = Type.Static<typeof EventActor>;

/** The envelope every service publishes on `evt.<service>.<entity>.<past-tense-verb>`. */
export const EventEnvelope = Type.Object({
  id: Type.String(),
  type: Type.String(),
  occurredAt: Type.String(),
  actor: Type.Union([EventActor, Type.Null()]),
  data: Type.Unknown(),
});
export type EventEnvelope = Type.Static<typeof EventEnvelope>;
