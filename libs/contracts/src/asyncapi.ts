import { EventActor, EventSchemas, type EventType } from './events';

/** Where the generated AsyncAPI document is committed, relative to libs/contracts. */
export const ASYNCAPI_FILE = 'asyncapi/asyncapi.json';

type Json = Record<string, unknown>;

/** `evt.identity.user.loggedIn` → `identity.user.loggedIn` (ids of channels, messages and operations). */
const idOf = (type: string) => type.replace(/^evt\./, '');
const serviceOf = (type: string) => type.split('.')[1];

/** A plain JSON copy of a TypeBox schema (its internal markers dropped). */
const plain = (schema: unknown): Json => JSON.parse(JSON.stringify(schema)) as Json;

/** "certifiedScorecard.downloaded" → "certified scorecard downloaded". */
const words = (type: string) =>
  type
    .split('.')
    .slice(2)
    .join(' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();

const GUARANTEES = [
  'Every service writes its events to its own `outbox` table in the same transaction as the change it describes;',
  'a relay publishes them to the JetStream stream `EVENTS` (subjects `evt.>`) with the NATS message id (`Nats-Msg-Id`)',
  'equal to the event id, so a retried publish is dropped by the server. Delivery is at least once: a consumer',
  'records the ids it has handled (idempotency by event id) and acks only after its own transaction commits.',
  'Subjects are `evt.<service>.<entity>.<past-tense verb>`; every message is the same envelope whose `data` is',
  'described per channel below. Fields are only ever added: a consumer ignores what it does not know.',
].join(' ');

/**
 * The AsyncAPI 3 document of every subject the platform publishes, generated from the
 * TypeBox event schemas (the one source of truth) and, per subject, the description
 * written above its schema. `descriptions` maps event types to that text.
 */
export function buildAsyncApiDocument(descriptions: Partial<Record<string, string>> = {}): Json {
  const types = (Object.keys(EventSchemas) as EventType[]).sort();
  const channels: Json = {};
  const operations: Json = {};
  const messages: Json = {};
  for (const type of types) {
    const id = idOf(type);
    const service = serviceOf(type);
    const description = descriptions[type]?.trim();
    const summary = `${service}: ${words(type)}`;
    messages[id] = {
      name: type,
      title: type,
      summary,
      ...(description ? { description } : {}),
      contentType: 'application/json',
      headers: { $ref: '#/components/schemas/NatsHeaders' },
      correlationId: { $ref: '#/components/correlationIds/eventId' },
      payload: {
        type: 'object',
        required: ['id', 'type', 'occurredAt', 'actor', 'data'],
        properties: {
          id: {
            type: 'string',
            format: 'uuid',
            description: 'The event id: unique, also the NATS message id. Consumers de-duplicate by it.',
          },
          type: { type: 'string', const: type, description: 'The event type, equal to the canonical subject.' },
          occurredAt: { type: 'string', format: 'date-time', description: 'When the change was committed (ISO 8601, UTC).' },
          actor: {
            description: 'Who caused the event; null for system work (relays, schedulers, seeds).',
            anyOf: [{ $ref: '#/components/schemas/EventActor' }, { type: 'null' }],
          },
          data: plain(EventSchemas[type]),
        },
      },
      tags: [{ name: service }],
    };
    channels[id] = {
      address: type,
      title: type,
      summary,
      ...(description ? { description } : {}),
      messages: { [id]: { $ref: `#/components/messages/${id}` } },
    };
    operations[`${id}.publish`] = {
      action: 'send',
      title: `${service} publishes ${type}`,
      summary: `Published by the ${service} service through its outbox.`,
      channel: { $ref: `#/channels/${id}` },
      messages: [{ $ref: `#/channels/${id}/messages/${id}` }],
      tags: [{ name: service }],
    };
  }
  const services = [...new Set(types.map(serviceOf))];
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Compliance Index platform events',
      version: '1.0.0',
      description: GUARANTEES,
      tags: services.map((name) => ({ name, description: `Events published by the ${name} service.` })),
    },
    defaultContentType: 'application/json',
    servers: {
      production: {
        host: 'nats:4222',
        protocol: 'nats',
        description: 'The NATS JetStream cluster (stream EVENTS on evt.>). Tests and local runs use their own server and subject prefix.',
      },
    },
    channels,
    operations,
    components: {
      schemas: {
        EventActor: plain(EventActor),
        NatsHeaders: {
          type: 'object',
          properties: {
            'Nats-Msg-Id': { type: 'string', description: 'The event id (JetStream de-duplication).' },
            traceparent: { type: 'string', description: 'W3C trace context of the transaction that wrote the event.' },
            'x-request-id': { type: 'string', description: 'The request id of the HTTP request that caused the event, if any.' },
          },
        },
      },
      correlationIds: {
        eventId: { description: 'The event id, unique per event.', location: '$message.payload#/id' },
      },
      messages,
    },
  };
}

/**
 * The description written above each event schema (`/** … *\/` right before
 * `'evt.<service>.<entity>.<verb>':`) in the source text of an events file.
 */
export function eventDescriptionsIn(source: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const match of source.matchAll(/\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*\n\s*'(evt\.[A-Za-z0-9_.]+)'\s*:/g)) {
    out[match[2]] = match[1]
      .replace(/^\s*\*\s?/gm, '')
      .replace(/\s+/g, ' ')
      .trim();
  }
  return out;
}

/** The committed text of the document: generated from the events files' sources, 2-space JSON. */
export function asyncApiText(eventSources: readonly string[]): string {
  const descriptions = Object.assign({}, ...eventSources.map(eventDescriptionsIn)) as Record<string, string>;
  return `${JSON.stringify(buildAsyncApiDocument(descriptions), null, 2)}\n`;
}
