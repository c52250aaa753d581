import { FILTER_SUGGESTION_LIMIT } from '@cti/contracts';
import { sql } from '@cti/db';

import type { AuditExecutor } from '../db';

/** The audit columns whose distinct values are kept for suggestions and filtering. */
export type AuditValueKey = 'Action' | 'Country' | 'Name';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');
/** LIKE patterns for "contains" and "starts with" (wildcards in the text are literal). */
export const likePattern = (text: string) => `%${escapeLike(text)}%`;
export const startsWith = (text: string) => `${escapeLike(text)}%`;

/**
 * Every distinct value of a column containing any of the texts (case-insensitive), so
 * the report matches them exactly on its indexes. Null when no text was given (no
 * filter); an empty list when nothing contains them.
 */
export async function resolveContains(db: AuditExecutor, key: AuditValueKey, texts: string[]): Promise<string[] | null> {
  if (texts.length === 0) return null;
  const rows = await db
    .selectFrom('auditFilterValues')
    .select('value')
    .where('key', '=', key)
    .where((eb) => eb.or(texts.map((t) => eb('value', 'ilike', likePattern(t)))))
    .execute();
  return rows.map((r) => r.value);
}

/**
 * A tsquery (as text) matching descriptions that hold every word of any of the texts,
 * the last letters of each word as a prefix. The words are split by Postgres itself,
 * as the description was. Null when no text was given; '' when the texts hold no word.
 */
export async function valueQuery(db: AuditExecutor, texts: string[]): Promise<string | null> {
  if (texts.length === 0) return null;
  const result = await sql<{ query: string | null }>`
    select string_agg('(' || q || ')', ' | ') as query
    from (
      select (
        select string_agg('''' || replace(lexeme, '''', '''''') || ''':*', ' & ')
        from unnest(to_tsvector('simple'::regconfig, t))
      ) as q
      from unnest(${texts}::text[]) as t
    ) words
    where q is not null`.execute(db);
  return result.rows[0]?.query ?? '';
}

/** Suggestions for Action, Country (user group) or Name (user): stored values containing the text. */
export async function columnSuggestions(db: AuditExecutor, key: AuditValueKey, text: string | null): Promise<string[]> {
  let query = db.selectFrom('auditFilterValues').select('value').where('key', '=', key);
  if (text) query = query.where('value', 'ilike', likePattern(text));
  const rows = await query.orderBy('value').limit(FILTER_SUGGESTION_LIMIT).execute();
  return rows.map((r) => r.value);
}

/** How many recent matching rows a description suggestion looks at. */
const RECENT_WINDOW = 200;

/** Suggestions for Value (description): recent distinct descriptions holding the text's words. */
export async function descriptionSuggestions(db: AuditExecutor, text: string | null): Promise<string[]> {
  const words = text ? await valueQuery(db, [text]) : null;
  if (words === '') return [];
  let recent = db.selectFrom('auditRows').select(['valueText', 'stamp', 'seq']);
  if (words) recent = recent.where(sql<boolean>`value_search @@ ${words}::tsquery`);
  const rows = await db
    .selectFrom(recent.orderBy('stamp', 'desc').orderBy('seq', 'desc').limit(RECENT_WINDOW).as('recent'))
    .select('valueText')
    .groupBy('valueText')
    .orderBy(sql`max(stamp)`, 'desc')
    .limit(FILTER_SUGGESTION_LIMIT)
    .execute();
  return rows.map((r) => r.valueText);
}
