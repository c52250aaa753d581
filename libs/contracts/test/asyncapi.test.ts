import fs from 'node:fs';
import path from 'node:path';

import specs from '@asyncapi/specs';
import Ajv from 'ajv';

import {
  ASYNCAPI_FILE,
  asyncApiForIntegrators,
  asyncApiText,
  buildAsyncApiDocument,
  eventDescriptionsIn,
  EventSchemas,
  INTEGRATION_EVENT_TYPES,
  INTEGRATORS_ASYNCAPI_FILE,
} from '../src';

const root = path.resolve(__dirname, '..');
const eventSources = () => {
  const dir = path.join(root, 'src', 'events');
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .sort()
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
};

it('the committed AsyncAPI document is the one the event schemas generate (run npm run generate:asyncapi -w @cti/contracts)', () => {
  const committed = fs.readFileSync(path.join(root, ASYNCAPI_FILE), 'utf8');
  expect(committed).toBe(asyncApiText(eventSources()));
});

it('the example consumer carries the integrators’ document of the committed one (run npm run generate:asyncapi -w @cti/contracts)', () => {
  const committed = JSON.parse(fs.readFileSync(path.join(root, ASYNCAPI_FILE), 'utf8')) as Record<string, unknown>;
  expect(fs.readFileSync(path.join(root, '..', '..', INTEGRATORS_ASYNCAPI_FILE), 'utf8')).toBe(
    `${JSON.stringify(asyncApiForIntegrators(committed, []), null, 2)}\n`,
  );
});

it('gives integrators the subjects the integrations account reads, with this environment’s servers, as valid AsyncAPI 3.0.0', () => {
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  const validate = ajv.compile(specs.schemasWithoutId['3.0.0']);
  const doc = asyncApiForIntegrators(buildAsyncApiDocument(), [
    { name: 'production', url: 'tls://events.cti.example:4222' },
    { name: 'staging', url: 'nats://10.0.0.7:4222' },
  ]) as { channels: Record<string, { address: string }>; servers: Record<string, unknown> };
  expect(validate(doc) ? [] : validate.errors).toEqual([]);
  expect(
    Object.values(doc.channels)
      .map((c) => c.address)
      .sort(),
  ).toEqual([...INTEGRATION_EVENT_TYPES].sort());
  expect(doc.servers).toEqual({
    production: expect.objectContaining({ host: 'events.cti.example:4222', protocol: 'nats+tls' }),
    staging: expect.objectContaining({ host: '10.0.0.7:4222', protocol: 'nats' }),
  });
  expect(JSON.stringify(doc)).not.toContain('loggedIn');
});

it('is a valid AsyncAPI 3.0.0 document', () => {
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  // the bundle without $ids: the one with them embeds draft-07 a second time, which Ajv refuses
  const validate = ajv.compile(specs.schemasWithoutId['3.0.0']);
  const valid = validate(buildAsyncApiDocument());
  expect(validate.errors ?? []).toEqual([]);
  expect(valid).toBe(true);
  // and the validator does refuse what AsyncAPI 3 does not allow (2.x's publish/subscribe)
  expect(validate({ ...buildAsyncApiDocument(), operations: { wrong: { action: 'publish', channel: { $ref: '#/channels/x' } } } })).toBe(
    false,
  );
});

it('has a channel, a message and a publish operation for every event type, at its canonical subject', () => {
  const doc = buildAsyncApiDocument() as {
    channels: Record<string, { address: string }>;
    operations: Record<string, { action: string; channel: { $ref: string } }>;
    components: { messages: Record<string, { payload: { properties: { data: unknown; type: { const: string } } } }> };
  };
  const types = Object.keys(EventSchemas).sort();
  expect(
    Object.values(doc.channels)
      .map((c) => c.address)
      .sort(),
  ).toEqual(types);
  for (const type of types) {
    const id = type.slice('evt.'.length);
    expect(doc.operations[`${id}.publish`]).toMatchObject({ action: 'send', channel: { $ref: `#/channels/${id}` } });
    const payload = doc.components.messages[id].payload;
    expect(payload.properties.type.const).toBe(type);
    expect(payload.properties.data).toEqual(JSON.parse(JSON.stringify(EventSchemas[type as keyof typeof EventSchemas])));
  }
  expect(doc.channels['audit.entry.recorded']).toBeDefined();
  expect(doc.channels['notifications.alert.sent']).toBeDefined();
});

it('takes each subject’s description from the comment written above its schema', () => {
  const descriptions = eventDescriptionsIn(`export const X = {
  /** A user followed
   *  a country. */
  'evt.notifications.follow.added': Type.Object({}),
  'evt.notifications.follow.removed': Type.Object({}),
};`);
  expect(descriptions).toEqual({ 'evt.notifications.follow.added': 'A user followed a country.' });
});
