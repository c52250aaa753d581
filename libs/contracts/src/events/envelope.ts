import Type from 'typebox';

/** Who caused an event; null for system work (relays, schedulers, seeds). */
export const EventActor = Type.Object({
  userId: Type.String(),
  name: Type.String(),
  email: Type.String(),
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
