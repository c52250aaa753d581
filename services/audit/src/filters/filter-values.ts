import type { AuditExecutor } from '../db';

import { prefixTsquery, recentDescriptions, valuesContaining, valuesContainingAny, type AuditValueKey } from './repository';

/**
 * Every distinct value of a column containing any of the texts (case-insensitive), so
 * the report matches them exactly on its indexes. Null when no text was given (no
 * filter); an empty list when nothing contains them.
 */
export async function resolveContains(db: AuditExecutor, key: AuditValueKey, texts: string[]): Promise<string[] | null> {
  if (texts.length === 0) return null;
  const rows = await valuesContainingAny(db, key, texts);
  return rows.map((r) => r.value);
}

/**
 * A tsquery (as text) matching descriptions that hold every word of any of the texts,
 * the last letters of each word as a prefix. The words are split by Postgres itself,
 * as the description was. Null when no text was given; '' when the texts hold no word.
 */
export async function valueQuery(db: AuditExecutor, texts: string[]): Promise<string | null> {
  if (texts.length === 0) return null;
  return (await prefixTsquery(db, texts)) ?? '';
}

/** Suggestions for Action, Country (user group) or Name (user): stored values containing the text. */
export async function columnSuggestions(db: AuditExecutor, key: AuditValueKey, text: string | null): Promise<string[]> {
  const rows = await valuesContaining(db, key, text);
  return rows.map((r) => r.value);
}

/** Suggestions for Value (description): recent distinct descriptions holding the text's words. */
export async function descriptionSuggestions(db: AuditExecutor, text: string | null): Promise<string[]> {
  const words = text ? await valueQuery(db, [text]) : null;
  if (words === '') return [];
  const rows = await recentDescriptions(db, words);
  return rows.map((r) => r.valueText);
}
