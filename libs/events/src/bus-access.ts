import { randomBytes } from 'node:crypto';

import { EventSchemas, INTEGRATION_EVENT_TYPES, READ_MODELS_CHANGED_SIGNAL } from '@cti/contracts';

import { SubjectSpace } from './subjects';

/** Revocations: every process of every stateful service, and the gateway, follows them. */
const REVOCATIONS = 'evt.identity.user.tokensRevoked';
/** Scoring's replicas tell the gateways to forget the index lists they keep. */
const READ_MODELS_CHANGED = `${READ_MODELS_CHANGED_SIGNAL.service}.${READ_MODELS_CHANGED_SIGNAL.name}`;

/**
 * What one NATS user may do on the events stream. Subjects are canonical event types or
 * patterns (`evt.<service>.…`); the configuration maps them to the deployment's prefix and stream.
 */
export interface BusUser {
  /** Subjects it publishes (through its outbox relay). */
  publishes: readonly string[];
  /**
   * Its durable consumers: name → the one subject the server filters it on (`DurableConsumer.filterSubject()`
   * of the events it handles; NATS 2.9 takes one filter per consumer).
   */
  durables: Readonly<Record<string, string>>;
  /** Subjects it follows with ordered consumers: one per process, under names it makes up. */
  follows: readonly string[];
  /** Subjects it reads with plain (core NATS) subscriptions. */
  subscribes: readonly string[];
  /** Signals (`<service>.<name>`, core NATS hints outside the stream: `SubjectSpace.signal`) it sends. */
  sendsSignals: readonly string[];
  /** Signals it hears. */
  hearsSignals: readonly string[];
  /** Creates the stream when it is missing (the first service to start makes it). */
  createsStream: boolean;
  /** Reads the stream's last message of a subject (`$JS.API.STREAM.MSG.GET`: where the revocation feed stands). */
  readsLastMessage: boolean;
}

const service = (name: string, durables: Record<string, string>, more: Partial<BusUser> = {}): BusUser => ({
  publishes: [`evt.${name}.>`],
  durables,
  follows: [REVOCATIONS],
  subscribes: [],
  sendsSignals: [],
  hearsSignals: [],
  createsStream: true,
  readsLastMessage: true,
  ...more,
});

/**
 * The platform's NATS users: each service publishes its own `evt.<service>.>` subjects only and
 * reads what its consumers handle, under its own durable names. The durables' subjects are
 * those the services' consumers ask the server for: the tests' NATS server has these users, so a
 * service whose consumer is missing here, or filters on another subject, fails to start; scoring, documents and notifications handle events
 * of several services, which the one filter subject of a NATS 2.9 consumer covers only as the
 * whole stream (they ack what they skip).
 */
export const PLATFORM_BUS_USERS = {
  identity: service('identity', { 'identity-purchases': 'evt.commerce.*.*' }),
  questionnaire: service('questionnaire', { 'questionnaire-identity': 'evt.identity.*.*' }, { subscribes: ['evt.questionnaire.>'] }),
  scoring: service('scoring', { scoring: 'evt.>' }, { sendsSignals: [READ_MODELS_CHANGED] }),
  documents: service('documents', { documents: 'evt.>', 'documents-orders': 'evt.commerce.purchase.*' }),
  commerce: service('commerce', {
    'commerce-countries': 'evt.identity.group.*',
    'commerce-periods': 'evt.questionnaire.period.opened',
    'commerce-receipts': 'evt.commerce.purchase.completed',
    'commerce-certified-scorecards': 'evt.scoring.scores.saved',
  }),
  audit: service('audit', { audit: 'evt.>' }),
  notifications: service('notifications', { notifications: 'evt.>' }),
  // hears revocations only, and never makes the stream (its replicas are the services' setting)
  gateway: { ...service('gateway', {}), publishes: [], hearsSignals: [READ_MODELS_CHANGED], createsStream: false },
} as const satisfies Record<string, BusUser>;

/** The user outside teams connect as: reads the documented subjects, publishes nothing. */
export const INTEGRATIONS_USER = 'integrations';

/**
 * The subjects the integrations user may read: a service's whole `evt.<service>.>` where every
 * event of it is documented for integrators, else the documented subjects one by one.
 */
export function integrationSubjects(): string[] {
  const allTypes = Object.keys(EventSchemas);
  const readable = new Set<string>(INTEGRATION_EVENT_TYPES);
  const services = [...new Set(INTEGRATION_EVENT_TYPES.map((type) => type.split('.')[1]))];
  return services.flatMap((svc) => {
    const ofService = allTypes.filter((type) => type.split('.')[1] === svc);
    return ofService.every((type) => readable.has(type)) ? [`evt.${svc}.>`] : ofService.filter((type) => readable.has(type));
  });
}

/** The environment variable holding a user's password (`NATS_PASSWORD_IDENTITY`): NATS reads it from its own environment. */
export const natsPasswordVariable = (user: string) => `NATS_PASSWORD_${user.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;

/**
 * What a NATS user's password looks like: NATS parses the value of `$NATS_PASSWORD_<USER>` as a
 * configuration value, so it starts with a letter (never a number, a size or a `-`) and holds
 * only letters, digits and `_ - + / =`.
 */
export const NATS_PASSWORD_PATTERN = '^[A-Za-z][A-Za-z0-9_+/=-]{15,}$';

/** A new random password of that shape (192 bits). */
export const randomNatsPassword = () => `n${randomBytes(24).toString('base64url')}`;

/** The inbox prefix of a user: replies and pulled messages reach it there, and no other user may listen. */
export const inboxPrefixOf = (user: string) => `_INBOX.${user}`;

export interface NatsUsersOptions {
  /** The deployment's subject prefix and stream (`evt`, `EVENTS`); `*` for each in the tests' server, whose files each have their own. */
  prefix: string;
  stream: string;
  /** Users allowed everything (the tests' harness); never in a deployment. */
  unrestricted?: readonly string[];
}

interface Permissions {
  publish: { allow: string[]; deny: string[] };
  subscribe: { allow: string[] };
}

/**
 * The NATS server's `authorization` block: one user per service, the gateway and the integrations
 * user, each with the permissions `PLATFORM_BUS_USERS` gives it, and a password the server reads
 * from its environment (`$NATS_PASSWORD_<USER>`). No user is anonymous: a client without
 * credentials is refused.
 */
export function natsAuthorization(options: NatsUsersOptions): string {
  const { stream } = options;
  // `*` stands for any prefix: SubjectSpace takes real prefixes only, so map through a placeholder
  const space = new SubjectSpace(options.prefix === '*' ? 'PREFIX' : options.prefix, 'EVENTS');
  /** The placeholder prefix back to `*` (events: `PREFIX.…`, signals: `signal.PREFIX.…`). */
  const anyPrefix = (mapped: string) => (options.prefix === '*' ? mapped.replace(/^(signal\.)?PREFIX\./, '$1*.') : mapped);
  const subject = (pattern: string) => anyPrefix(space.toSubject(pattern));
  const api = (rest: string) => `$JS.API.${rest}`;
  const signal = (name: string) => {
    const [service, signalName] = name.split('.');
    return anyPrefix(space.signal(service, signalName));
  };
  const allDurables = Object.values(PLATFORM_BUS_USERS).flatMap((user) => Object.keys(user.durables));
  /** What may not be done to the platform's durables one does not own, where a wildcard name would allow it. */
  const othersDurables = (own: readonly string[]) =>
    allDurables
      .filter((name) => !own.includes(name))
      .flatMap((name) => [
        api(`CONSUMER.*.${stream}.${name}`),
        api(`CONSUMER.*.${stream}.${name}.>`),
        api(`CONSUMER.MSG.NEXT.${stream}.${name}`),
        `$JS.ACK.${stream}.${name}.>`,
        `$JS.ACK.*.*.${stream}.${name}.>`,
      ]);
  /** Consumers under any name on `subjects` (ordered consumers, integrators' own durables). */
  const anyNamedConsumers = (subjects: readonly string[], acks: boolean) => [
    ...subjects.map((s) => api(`CONSUMER.CREATE.${stream}.*.${subject(s)}`)),
    api(`CONSUMER.INFO.${stream}.*`),
    api(`CONSUMER.MSG.NEXT.${stream}.*`),
    api(`CONSUMER.DELETE.${stream}.*`),
    ...(acks ? [`$JS.ACK.${stream}.*.>`, `$JS.ACK.*.*.${stream}.*.>`] : []),
  ];

  const permissionsOf = (user: BusUser, name: string): Permissions => {
    const durables = Object.entries(user.durables);
    const allow = [
      ...user.publishes.map(subject),
      ...user.sendsSignals.map(signal),
      api('INFO'),
      api(`STREAM.INFO.${stream}`),
      ...(user.createsStream ? [api(`STREAM.CREATE.${stream}`)] : []),
      ...(user.readsLastMessage ? [api(`STREAM.MSG.GET.${stream}`)] : []),
      ...durables.flatMap(([durable, filter]) => [
        api(`CONSUMER.CREATE.${stream}.${durable}.${subject(filter)}`),
        api(`CONSUMER.INFO.${stream}.${durable}`),
        api(`CONSUMER.MSG.NEXT.${stream}.${durable}`),
        api(`CONSUMER.DELETE.${stream}.${durable}`),
        `$JS.ACK.${stream}.${durable}.>`,
        `$JS.ACK.*.*.${stream}.${durable}.>`,
      ]),
      ...(user.follows.length ? anyNamedConsumers(user.follows, false) : []),
    ];
    return {
      publish: { allow, deny: user.follows.length ? othersDurables(durables.map(([durable]) => durable)) : [] },
      subscribe: { allow: [`${inboxPrefixOf(name)}.>`, ...user.subscribes.map(subject), ...user.hearsSignals.map(signal)] },
    };
  };

  const readable = integrationSubjects();
  const integrations: Permissions = {
    publish: {
      allow: [api('INFO'), api(`STREAM.INFO.${stream}`), ...anyNamedConsumers(readable, true)],
      deny: othersDurables([]),
    },
    subscribe: { allow: [`${inboxPrefixOf(INTEGRATIONS_USER)}.>`, ...readable.map(subject)] },
  };

  const list = (indent: string, subjects: readonly string[]) =>
    `[\n${subjects.map((s) => `${indent}  ${JSON.stringify(s)}`).join('\n')}\n${indent}]`;
  const userBlock = (name: string, permissions: Permissions | null) =>
    [
      '    {',
      `      user: ${JSON.stringify(name)}`,
      `      password: $${natsPasswordVariable(name)}`,
      ...(permissions
        ? [
            '      permissions: {',
            '        publish: {',
            `          allow: ${list('          ', permissions.publish.allow)}`,
            ...(permissions.publish.deny.length ? [`          deny: ${list('          ', permissions.publish.deny)}`] : []),
            '        }',
            `        subscribe: { allow: ${list('        ', permissions.subscribe.allow)} }`,
            '      }',
          ]
        : []),
      '    }',
    ].join('\n');

  return [
    '# The NATS users of the platform, generated from libs/events/src/bus-access.ts',
    '# (npm run generate:nats-users -w @cti/events); do not edit by hand. Each password is read',
    '# from the server’s environment ($NATS_PASSWORD_<USER>); no client connects without one.',
    'authorization {',
    '  users = [',
    ...Object.entries(PLATFORM_BUS_USERS).map(([name, user]) => userBlock(name, permissionsOf(user, name))),
    userBlock(INTEGRATIONS_USER, integrations),
    ...(options.unrestricted ?? []).map((name) => userBlock(name, null)),
    '  ]',
    '}',
    '',
  ].join('\n');
}

/** Every user of the generated configuration (its password variables are what the server needs set). */
export const NATS_USERS: readonly string[] = [...Object.keys(PLATFORM_BUS_USERS), INTEGRATIONS_USER];

/** Where the deployments' NATS servers read their users (compose and Kubernetes), relative to the repository. */
export const DEPLOYED_NATS_USERS_FILES = ['infra/nats/users.conf', 'infra/k8s/base/nats/users.conf'] as const;

/**
 * The users of a NATS server this repository starts itself (`make start`, the tests): the
 * configuration and the environment holding each user's password, `passwordOf(user)`.
 */
export function natsServerUsers(options: NatsUsersOptions & { passwordOf: (user: string) => string }): {
  config: string;
  env: Record<string, string>;
} {
  const users = [...NATS_USERS, ...(options.unrestricted ?? [])];
  return {
    config: natsAuthorization(options),
    env: Object.fromEntries(users.map((user) => [natsPasswordVariable(user), options.passwordOf(user)])),
  };
}
