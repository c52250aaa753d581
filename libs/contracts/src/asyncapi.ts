import { EventActor, EventSchemas, INTEGRATION_EVENT_TYPES, type EventType } from './events';

/** Where the generated AsyncAPI document is committed, relative to libs/contracts. */
export const ASYNCAPI_FILE = 'asyncapi/asyncapi.json';
/** Where the integrators' document (no servers) is committed, relative to the repository: the example consumer carries it. */
export const INTEGRATORS_ASYNCAPI_FILE = 'examples/audit-chain-follower/asyncapi.json';

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
    // servers: each environment's gateway adds its own where it serves the document (asyncApiWithServers)
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

/** Where integrators reach NATS: one server entry per URL of an environment. */
export interface IntegrationServer {
  /** The entry's name (the environment: `production`, `staging`, …). */
  name: string;
  /** `nats://host:port` or `tls://host:port`. */
  url: string;
}

const INTEGRATORS = [
  'Connect as the NATS user `integrations` with the password the platform’s operators gave your team, and use',
  'the inbox prefix `_INBOX.integrations` (nats.js `inboxPrefix`, nats-py `inbox_prefix`): replies and pulled',
  'messages reach you there and nowhere else. The account reads the subjects below and publishes nothing. Make',
  'durable consumers of your own name on the stream `EVENTS` (any name but the platform’s own), one per purpose, with explicit',
  'acks; see docs/consuming-events.md and examples/audit-chain-follower.',
].join(' ');

/** The whole document with the servers of the environment that serves it. */
export function asyncApiWithServers(whole: Json, servers: readonly IntegrationServer[]): Json {
  return {
    ...whole,
    servers: Object.fromEntries(
      servers.map((server) => {
        const [, scheme, host] = /^(nats|tls):\/\/(?:[^@/]*@)?([^/?#]+)/.exec(server.url) ?? [null, 'nats', server.url];
        return [
          server.name,
          {
            host,
            protocol: scheme === 'tls' ? 'nats+tls' : 'nats',
            description: 'NATS JetStream: the stream EVENTS on evt.>',
            security: [{ $ref: '#/components/securitySchemes/natsUser' }],
          },
        ];
      }),
    ),
    components: {
      ...(whole.components as Json),
      securitySchemes: {
        natsUser: {
          type: 'userPassword',
          description:
            'A NATS user and its password: each service its own; outside teams the user `integrations`, from the platform’s operators.',
        },
      },
    },
  };
}

/**
 * The document key holders read: the subjects the `integrations` NATS user may read
 * (INTEGRATION_EVENT_TYPES) and nothing else, with the servers of the environment that serves
 * it and how to sign in, from the committed document of every subject.
 */
export function asyncApiForIntegrators(whole: Json, servers: readonly IntegrationServer[]): Json {
  const readable = new Set<string>(INTEGRATION_EVENT_TYPES);
  const channels = Object.fromEntries(
    Object.entries(whole.channels as Record<string, { address: string }>).filter(([, channel]) => readable.has(channel.address)),
  );
  const kept = (ref: string) => Object.keys(channels).some((id) => ref === `#/channels/${id}`);
  const operations = Object.fromEntries(
    Object.entries(whole.operations as Record<string, { channel: { $ref: string } }>).filter(([, op]) => kept(op.channel.$ref)),
  );
  const { messages: all } = whole.components as { messages: Record<string, { name: string }> };
  const messages = Object.fromEntries(Object.entries(all).filter(([, message]) => readable.has(message.name)));
  const info = whole.info as Json & { description: string; tags: Array<{ name: string }> };
  const services = new Set(INTEGRATION_EVENT_TYPES.map(serviceOf));
  const served = asyncApiWithServers(whole, servers);
  return {
    ...served,
    info: {
      ...info,
      title: 'Compliance Index platform events for integrators',
      description: `${info.description}\n\n${INTEGRATORS}`,
      tags: info.tags.filter((tag) => services.has(tag.name)),
    },
    channels,
    operations,
    components: { ...(served.components as Json), messages },
  };
}
