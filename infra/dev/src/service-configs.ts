import fs from 'node:fs';
import path from 'node:path';

import { configSchemaOf, type ServiceDefinition } from '@cti/service-kit';

import { SERVICES } from './stack';

/** Every deployable process: the back-end services and the gateway. */
export const DEPLOYABLES = [...SERVICES, 'gateway'] as const;
export type Deployable = (typeof DEPLOYABLES)[number];

export interface VariableInfo {
  name: string;
  /** No default: the service refuses to start without it (or its `<NAME>_FILE`). */
  required: boolean;
  default?: unknown;
  /** What a valid value looks like (`integer`, `one of a, b`, `matching ^https?://`). */
  shape: string;
  /** The comment above the variable in its config schema. */
  description: string;
}

/** Some service's definition, its own config unknown here: what `configSchemaOf` takes, at its bounds. */
type AnyServiceDefinition = Parameters<typeof configSchemaOf>[0];

const isDefinition = (value: unknown): value is AnyServiceDefinition =>
  !!value &&
  typeof value === 'object' &&
  typeof (value as ServiceDefinition).name === 'string' &&
  typeof (value as ServiceDefinition).plugin === 'function';

/** A service's definition, as its package (`@cti/<name>`) exports it. */
export function serviceDefinition(name: Deployable): AnyServiceDefinition {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require(`@cti/${name}`) as Record<string, unknown>;
  const def = Object.values(mod).find(isDefinition);
  if (!def) throw new Error(`@cti/${name} exports no service definition`);
  return def;
}

function shapeOf(schema: Record<string, unknown>): string {
  const anyOf = schema.anyOf as Array<{ const?: unknown }> | undefined;
  if (anyOf) return `one of ${anyOf.map((a) => a.const).join(', ')}`;
  const bounds = [
    schema.minimum !== undefined ? `≥ ${String(schema.minimum)}` : '',
    schema.maximum !== undefined ? `≤ ${String(schema.maximum)}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  if (schema.type === 'integer' || schema.type === 'number') return `${schema.type}${bounds ? ` (${bounds})` : ''}`;
  if (schema.type === 'boolean') return 'true or false';
  if (schema.pattern) return `matching ${String(schema.pattern)}`;
  if (typeof schema.minLength === 'number') return `at least ${schema.minLength} characters`;
  return String(schema.type ?? 'string');
}

/** `/** comment *\/` lines directly above `NAME:` in a TypeBox config source file. */
export function commentsOf(sourceFile: string): Map<string, string> {
  const out = new Map<string, string>();
  if (!fs.existsSync(sourceFile)) return out;
  const text = fs.readFileSync(sourceFile, 'utf8');
  for (const match of text.matchAll(/\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*\n\s*([A-Z][A-Z0-9_]*)\s*:/g)) {
    out.set(
      match[2],
      match[1]
        .replace(/^\s*\*\s?/gm, '')
        .replace(/\s+/g, ' ')
        .trim(),
    );
  }
  return out;
}

/** The variables one service reads: the common ones (as the kit trims them) plus its own. */
export function variablesOf(name: Deployable, repoRoot: string): VariableInfo[] {
  const schema = configSchemaOf(serviceDefinition(name)) as unknown as {
    properties: Record<string, Record<string, unknown>>;
    required?: string[];
  };
  const required = new Set(schema.required ?? []);
  const comments = new Map([
    ...commentsOf(path.join(repoRoot, 'libs/service-kit/src/config.ts')),
    ...commentsOf(path.join(repoRoot, 'services', name, 'src/config.ts')),
  ]);
  return Object.entries(schema.properties).map(([key, prop]) => ({
    name: key,
    required: required.has(key) && prop.default === undefined,
    ...(prop.default !== undefined ? { default: prop.default } : {}),
    shape: shapeOf(prop),
    description: comments.get(key) ?? '',
  }));
}
