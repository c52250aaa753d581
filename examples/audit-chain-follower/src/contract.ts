import Ajv from 'ajv';

import contract from '../asyncapi.json';

/**
 * `evt.audit.entry.recorded` as the platform's AsyncAPI document (asyncapi.json, the contract of
 * the subjects the `integrations` account reads) describes it: one stored audit row exactly as its
 * link of the hash chain covers it.
 */
export interface AuditEntry {
  seq: number;
  hash: string;
  previousHash: string;
  sourceEventId: string;
  sourceEventType: string;
  action: string;
  description: string;
  descriptionText: string;
  actor: { userId: string | null; name: string; groups: string };
  stamp: string;
  subject: { groupId: string | null; questionnaireId: string | null; questionId: string | null };
  change: {
    questionnaireId: string;
    groupId: string;
    questionId: string;
    groupName: string;
    periodId: string;
    periodName: string;
    sectionId: number;
    question: string;
    before: string | null;
    after: string | null;
    userId: string | null;
    userName: string;
    stamp: string;
  } | null;
}

/** The envelope every event of the platform comes in. */
export interface EntryEvent {
  id: string;
  type: 'evt.audit.entry.recorded';
  occurredAt: string;
  actor: { userId: string; name: string; groupNames: string[] } | null;
  data: AuditEntry;
}

type Json = { [key: string]: unknown };

/** A copy of `node` with each `$ref` into the document replaced by what it points at. */
function inlined(node: unknown, document: Json): unknown {
  if (Array.isArray(node)) return node.map((item) => inlined(item, document));
  if (!node || typeof node !== 'object') return node;
  const ref = (node as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/')) {
    const target = ref
      .slice(2)
      .split('/')
      .reduce<unknown>((at, key) => (at as Json | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
    return inlined(target, document);
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, inlined(value, document)]));
}

/**
 * A check of a message against the payload schema of `evt.audit.entry.recorded` in the
 * platform's AsyncAPI document: what does not match is not an entry of the chain.
 */
export function entrySchemaCheck(): { isEntry(value: unknown): value is EntryEvent; errors(): string } {
  const document = contract as unknown as Json;
  const messages = (document.components as { messages: Record<string, { name: string; payload: unknown }> }).messages;
  const message = Object.values(messages).find((m) => m.name === 'evt.audit.entry.recorded');
  if (!message) throw new Error('asyncapi.json describes no evt.audit.entry.recorded message');
  // formats (uuid, date-time) are left to the platform; unknown keywords of AsyncAPI's schema dialect are ignored
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  const validate = ajv.compile(inlined(message.payload, document) as Json);
  return {
    isEntry: (value: unknown): value is EntryEvent => validate(value) === true,
    errors: () => ajv.errorsText(validate.errors),
  };
}
