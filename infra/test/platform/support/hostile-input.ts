import type { RegisteredRoute } from '@cti/service-kit';

import { SAMPLE_ID } from './platform';

/**
 * A corpus of hostile values and the requests built from it for one route: each value put
 * in turn into each field the route's own schema declares (body, query, path), plus
 * bodies of the wrong shape and broken encodings. Every request is a well-formed HTTP
 * request an attacker could send; every answer must be a 4xx or a success, never a 5xx.
 */

/** Text that has broken services before: control characters, encodings, injections, dates and numbers in disguise. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\t\r\n',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\ud83d',
  '\u202e\u202d\u2066',
  '\u200b\ufeff',
  '\u0085\u2028\u2029',
  '%00',
  '%',
  '%s%s%s%n',
  "'",
  '"',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '\\',
  '../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '${jndi:ldap://127.0.0.1/a}',
  '0',
  '-1',
  '-0',
  '1e309',
  'NaN',
  'Infinity',
  '9'.repeat(400),
  '0x1F',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '[object Object]',
  '__proto__',
  'constructor',
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '0001-01-01',
  '9999-12-31',
  '10000-01-01',
  '275760-09-14',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20',
  '2026-01-01T25:61:61Z',
  '1970-01-01T00:00:00Z',
  'not-a-date',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  SAMPLE_ID.toUpperCase(),
  'not-a-uuid',
  'a@b',
  '@',
  `${'a'.repeat(300)}@example.com`,
  'victim@example.com\r\nBcc: attacker@example.net',
  'Ω≈ç√∫ 田中さんにあげて下さい',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǫ̗̻͊',
  'ＡＢＣ１２３',
  '🛫'.repeat(1000),
  'lorem ipsum '.repeat(10_000),
];

/**
 * Text that compresses badly (letters and digits in a pseudo-random order, the same every run),
 * long enough that no Postgres index row can hold it: a field without a maximum length fails on
 * an index (a 500) where a repeated text would be compressed to fit.
 */
const INCOMPRESSIBLE_TEXT = (() => {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789äöüßéèçñÒΩ田';
  let seed = 39;
  let text = '';
  for (let i = 0; i < 20_000; i++) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    text += alphabet[seed % alphabet.length];
  }
  return text;
})();

/**
 * A name whose JavaScript lower case is not every database's (`Ò`), with a C1 control character
 * in it: sent twice to the same field, the second is the same name again (a 409 where names are
 * unique, never a 500 from the unique index).
 */
const CASE_FOLDED_NAME = 'p\u00d2\u0087x';

/** Numbers beyond every column's range, fractions where integers go, and the IEEE edge cases JSON can carry. */
export const HOSTILE_NUMBERS: readonly number[] = [
  // eslint-disable-next-line no-loss-of-precision -- 2^53 + 1 on purpose: the first integer a double cannot hold
  0, -1, 0.5, -0.5, 32768, 2147483647, 2147483648, -2147483649, 4294967296, 9007199254740991, 9007199254740993, 1e21, 1e308, -1e308, 5e-324,
];

/** Values of the wrong type for any field. */
const WRONG_TYPES: readonly unknown[] = [null, true, false, [], {}, [null], { $gt: '' }, ['a', 'b']];

/** Path segments as sent on the wire (already percent-encoded where they need it). */
export const HOSTILE_SEGMENTS: readonly string[] = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%F0%9F%98',
  '%C0%AF',
  '%FF',
  '%',
  '%25',
  '..',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '%2F',
  'a'.repeat(5000),
  '-1',
  '1e309',
  '99999999999999999999999999',
  '2147483648',
  'NaN',
  'null',
  'undefined',
  'true',
  '%20',
  '%E2%80%AE',
  '%F0%9F%9B%AB',
  "'%20OR%20'1'='1",
  '%0d%0aSet-Cookie:%20a=b',
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  '0',
  '10000-01-01',
];

/** Whole bodies of the wrong shape, with the content type they are sent as. */
const WRONG_BODIES: ReadonlyArray<{ contentType: string; payload: string }> = [
  { contentType: 'application/json', payload: 'null' },
  { contentType: 'application/json', payload: '[]' },
  { contentType: 'application/json', payload: '"text"' },
  { contentType: 'application/json', payload: '1e999' },
  { contentType: 'application/json', payload: 'true' },
  { contentType: 'application/json', payload: '{"a":' },
  { contentType: 'application/json', payload: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}' },
  { contentType: 'application/json', payload: '{"a":1,"a":2}' },
  { contentType: 'application/json', payload: `${'['.repeat(5000)}${']'.repeat(5000)}` },
  { contentType: 'application/json', payload: JSON.stringify({ list: Array.from({ length: 20_000 }, (_, i) => i) }) },
  { contentType: 'application/json; charset=utf-16', payload: '{}' },
  { contentType: 'text/plain', payload: 'hello' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'a=1&b=2' },
  { contentType: 'multipart/form-data; boundary=x', payload: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nbroken' },
  { contentType: 'multipart/form-data', payload: 'no boundary at all' },
  { contentType: 'application/xml', payload: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>' },
];

/** The parts of JSON Schema the contracts' TypeBox schemas use. */
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  patternProperties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  const?: unknown;
  enum?: unknown[];
  format?: string;
  minimum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  default?: unknown;
}

const typeOf = (s: Schema): string | undefined => (Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type);

/** A value the schema accepts (or close to one): the baseline each hostile value is put into. */
export function sampleOf(schema: Schema | undefined, depth = 0): unknown {
  if (!schema || depth > 8) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return sampleOf(options.find((o) => typeOf(o) !== 'null') ?? options[0], depth + 1);
  if (schema.allOf?.length) return sampleOf(schema.allOf[0], depth + 1);
  switch (typeOf(schema)) {
    case 'object': {
      // required fields only: an optional one (an Id that turns an add into an edit) is set by the values put into it
      const required = new Set(schema.required ?? []);
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([key]) => required.has(key))
          .map(([key, inner]) => [key, sampleOf(inner, depth + 1)]),
      );
    }
    case 'array':
      return [sampleOf(schema.items, depth + 1)];
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string':
      return sampleString(schema);
    default:
      return 'sample';
  }
}

let uniqueness = 0;
/** Text no earlier request used (names, e-mails), so uniqueness rules do not stop the values beside it. */
const uniqueText = () => `fz${(++uniqueness).toString(36)}`;

function sampleString(schema: Schema): string {
  switch (schema.format) {
    case 'email':
      return `${uniqueText()}@example.org`;
    case 'date':
      return '2026-01-15';
    case 'date-time':
      return '2026-01-15T10:00:00Z';
    case 'uuid':
      return SAMPLE_ID;
    case 'uri':
      return 'https://example.org/';
    default: {
      const min = Math.max(schema.minLength ?? 1, 1);
      const unique = uniqueText();
      if (schema.pattern || unique.length > (schema.maxLength ?? Infinity)) return 'x'.repeat(min);
      return unique.padEnd(min, 'x');
    }
  }
}

/** Where a value sits in a baseline (a path of keys and indexes) and what schema it answers to. */
interface Leaf {
  path: Array<string | number>;
  schema: Schema;
}

/** A union's first non-null member (the field's real shape). */
const resolved = (schema: Schema): Schema => {
  const options = schema.anyOf ?? schema.oneOf;
  return options?.length ? resolved(options.find((o) => typeOf(o) !== 'null') ?? options[0]) : schema;
};

/** Every field of a body schema, nested ones included (array items at index 0). */
function leavesOf(schema: Schema | undefined, path: Array<string | number> = [], depth = 0): Leaf[] {
  if (!schema || depth > 8) return [];
  const shape = resolved(schema);
  const children: Array<[string | number, Schema]> =
    typeOf(shape) === 'object'
      ? Object.entries(shape.properties ?? {})
      : typeOf(shape) === 'array' && shape.items
        ? [[0, shape.items]]
        : [];
  return children.flatMap(([key, inner]) => [{ path: [...path, key], schema: inner }, ...leavesOf(inner, [...path, key], depth + 1)]);
}

const setAt = (root: unknown, path: Array<string | number>, value: unknown): unknown => {
  if (!path.length) return value;
  const [head, ...rest] = path as [string | number, ...Array<string | number>];
  if (Array.isArray(root)) {
    const copy = [...(root as unknown[])];
    copy[Number(head)] = setAt(copy[Number(head)] ?? (typeof rest[0] === 'number' ? [] : {}), rest, value);
    return copy;
  }
  const copy: Record<string, unknown> = { ...(root as object) };
  copy[String(head)] = setAt(copy[String(head)] ?? (typeof rest[0] === 'number' ? [] : {}), rest, value);
  return copy;
};

/** Percent-encodes as a client must: text that is not well-formed goes as its UTF-8 bytes (U+FFFD for a lone surrogate). */
const encodeText = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
};

const withoutKey = (root: Record<string, unknown>, key: string) => Object.fromEntries(Object.entries(root).filter(([k]) => k !== key));

/** Every value of the corpus: text, numbers and wrong types. */
const EVERY_VALUE: readonly unknown[] = [...HOSTILE_STRINGS, ...HOSTILE_NUMBERS, ...WRONG_TYPES];

/** The values most telling for a field of this shape (each field gets these on top of its share of the corpus). */
function tellingValuesFor(schema: Schema): readonly unknown[] {
  const shape = resolved(schema);
  switch (typeOf(shape)) {
    case 'integer':
    case 'number':
      return [...HOSTILE_NUMBERS, '1', '', null, [], {}];
    case 'boolean':
      return ['true', 1, null, []];
    case 'array':
    case 'object':
      return [...WRONG_TYPES, 'text', 1];
    default:
      return [
        '',
        '\u0000',
        '\ud800',
        '9'.repeat(400),
        'lorem ipsum '.repeat(10_000),
        INCOMPRESSIBLE_TEXT,
        CASE_FOLDED_NAME,
        CASE_FOLDED_NAME,
        '0000-00-00',
        '10000-01-01',
        '275760-09-14',
        'not-a-uuid',
        '00000000-0000-0000-0000-000000000000',
        "' OR '1'='1",
        1,
        2147483648,
        null,
        [],
        {},
      ];
  }
}

/** One request of the hostile corpus, and a short account of what it carries (for failure reports). */
export interface HostileRequest {
  what: string;
  url: string;
  payload?: string;
  contentType?: string;
}

const describeValue = (v: unknown) => {
  const text = typeof v === 'string' ? JSON.stringify(v) : (JSON.stringify(v) ?? String(v));
  return text.length > 40 ? `${text.slice(0, 37)}…(${text.length})` : text;
};

const queryString = (query: Record<string, unknown>) =>
  Object.entries(query)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encodeText(k)}=${encodeText(typeof v === 'string' ? v : JSON.stringify(v))}`)
    .join('&');

/** Text of the corpus as a path segment or query value: as sent, or percent-encoded, and at most 2000 characters. */
const onTheWire = (value: unknown) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (HOSTILE_SEGMENTS.includes(text)) return text;
  return encodeText(text.length > 2000 ? text.slice(0, 2000) : text);
};

/**
 * The hostile requests for one route. Every value of the corpus reaches the route at
 * least once: spread over the body's fields when it has some, else over its query
 * parameters, else its path parameters, else an undeclared query parameter. On top:
 * the values most telling for each body field's shape, each required field missing,
 * bodies of the wrong shape, hostile path segments in each parameter and hostile query
 * values. Each request starts from a fresh baseline (text made unique), so a value is
 * not stopped by a name some earlier request already took.
 */
export function hostileRequests(route: RegisteredRoute, pathOf: (fill: (param: string) => string) => string): HostileRequest[] {
  const input = route.input as { body?: Schema; querystring?: Schema; params?: Schema };
  const hasBody = !['GET', 'HEAD', 'OPTIONS', 'DELETE'].includes(route.method);
  const params = Object.keys(input.params?.properties ?? {});
  const queryKeys = Object.keys(input.querystring?.properties ?? {});
  const paramValue = (param: string) => String(sampleOf(input.params?.properties?.[param]) ?? SAMPLE_ID);
  const baseUrl = pathOf(paramValue);
  const freshQuery = () => (sampleOf(input.querystring) ?? {}) as Record<string, unknown>;
  const urlWith = (path: string, query: Record<string, unknown>, raw: Record<string, string> = {}) => {
    const text = [queryString(query), ...Object.entries(raw).map(([k, v]) => `${k}=${v}`)].filter(Boolean).join('&');
    return text ? `${path}?${text}` : path;
  };
  const freshBody = () => (hasBody ? (sampleOf(input.body) ?? {}) : undefined);
  const json = (b: unknown) => (b === undefined ? {} : { payload: JSON.stringify(b), contentType: 'application/json' });
  const out: HostileRequest[] = [];
  const add = (what: string, url: string, body: unknown = freshBody()) => out.push({ what, url, ...json(body) });

  // the baseline itself: what a well-meaning client sends
  add('baseline', urlWith(baseUrl, freshQuery()));

  const leaves = hasBody ? leavesOf(input.body) : [];
  EVERY_VALUE.forEach((value, i) => {
    if (leaves.length) {
      const leaf = leaves[i % leaves.length];
      add(`body.${leaf.path.join('.')} = ${describeValue(value)}`, urlWith(baseUrl, freshQuery()), setAt(freshBody(), leaf.path, value));
    } else if (queryKeys.length) {
      const key = queryKeys[i % queryKeys.length];
      const query = freshQuery();
      delete query[key];
      add(`query.${key} = ${describeValue(value)}`, urlWith(baseUrl, query, { [key]: onTheWire(value) }));
    } else if (params.length) {
      const param = params[i % params.length];
      const path = pathOf((p) => (p === param ? '\u0001' : paramValue(p))).replace(encodeURIComponent('\u0001'), onTheWire(value));
      add(`params.${param} = ${describeValue(value)}`, urlWith(path, freshQuery()));
    } else {
      add(`query.unexpected = ${describeValue(value)}`, urlWith(baseUrl, {}, { unexpected: onTheWire(value) }));
    }
  });

  if (hasBody) {
    for (const leaf of leaves)
      for (const value of tellingValuesFor(leaf.schema))
        add(`body.${leaf.path.join('.')} = ${describeValue(value)}`, urlWith(baseUrl, freshQuery()), setAt(freshBody(), leaf.path, value));
    for (const key of input.body?.required ?? [])
      add(`body without ${key}`, urlWith(baseUrl, freshQuery()), withoutKey(freshBody() as Record<string, unknown>, key));
    if (leaves.length) add('body with an unknown field', urlWith(baseUrl, freshQuery()), { ...(freshBody() as object), unexpected: 'x' });
    else for (const value of WRONG_TYPES) add(`body = ${describeValue(value)}`, urlWith(baseUrl, freshQuery()), value);
    for (const wrong of WRONG_BODIES)
      out.push({ what: `body ${wrong.contentType}: ${describeValue(wrong.payload)}`, url: urlWith(baseUrl, freshQuery()), ...wrong });
  }

  for (const param of params.length ? params : route.url.includes('*') ? ['*'] : []) {
    for (const segment of HOSTILE_SEGMENTS) {
      const path = pathOf((p) => (p === param ? '\u0001' : paramValue(p))).replace(encodeURIComponent('\u0001'), segment);
      add(`params.${param} = ${describeValue(segment)}`, urlWith(path, freshQuery()));
    }
  }

  for (const key of queryKeys) {
    for (const value of [
      ...HOSTILE_STRINGS.filter((_, i) => i % 2 === 0),
      ...HOSTILE_SEGMENTS.slice(0, 8),
      ...HOSTILE_NUMBERS.slice(4, 9),
    ]) {
      const query = freshQuery();
      delete query[key];
      add(`query.${key} = ${describeValue(value)}`, urlWith(baseUrl, query, { [key]: onTheWire(value) }));
    }
    add(`query.${key} twice`, `${baseUrl}?${key}=a&${key}=b`);
  }
  add('query with prototype keys', urlWith(baseUrl, {}, { '__proto__[isAdmin]': 'true', 'constructor[prototype][x]': '1' }));
  return out;
}

/** Text whose form bounds its length: a uuid, a date, a date and time, one of a list, a constant. */
const isBoundedByForm = (shape: Schema) =>
  shape.enum !== undefined || shape.const !== undefined || ['uuid', 'date', 'date-time'].includes(shape.format ?? '');

/**
 * The text fields of a route's body and query whose schema sets no maximum length: a long
 * enough value would reach the use-case and Postgres (an index row too large, a column of
 * megabytes) instead of a 400 naming the field.
 */
export function unboundedTextFields(route: RegisteredRoute): string[] {
  const input = route.input as { body?: Schema; querystring?: Schema };
  const fields = [
    ...leavesOf(input.body).map((leaf) => ({ where: `body.${leaf.path.join('.')}`, schema: leaf.schema })),
    ...leavesOf(input.querystring).map((leaf) => ({ where: `query.${leaf.path.join('.')}`, schema: leaf.schema })),
  ];
  return fields
    .filter(({ schema }) => {
      const shape = resolved(schema);
      return typeOf(shape) === 'string' && shape.maxLength === undefined && !isBoundedByForm(shape);
    })
    .map(({ where }) => where);
}

/** How many values the corpus holds: every route is sent each of them at least once. */
export const CORPUS_SIZE = EVERY_VALUE.length;
