import { FILTER_SUGGESTION_LIMIT } from '@cti/contracts';
import { sql } from '@cti/db';

import type { AuditExecutor } from '../db';

/** The audit columns whose distinct values are kept for suggestions and filtering. */
export type AuditValueKey = 'Action' | 'Country' | 'Name';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');
/** LIKE patterns for "contains" and "starts with" (wildcards in the text are literal). */
const likePattern = (text: string) => `%${escapeLike(text)}%`;
const startsWith = (text: string) => `${escapeLike(text)}%`;

/** How many recent matching rows a description suggestion looks at. */
const RECENT_WINDOW = 200;

/** The kept values of a column that contain any of the texts (case-insensitive). */
export const valuesContainingAny = (db: AuditExecutor, key: AuditValueKey, texts: readonly string[]) =>
  db
    .selectFrom('auditFilterValues')
    .select('value')
    .where('key', '=', key)
    .where((eb) => eb.or(texts.map((t) => eb('value', 'ilike', likePattern(t)))))
    .execute();

/**
 * Postgres's tsquery text for the texts: each text's words (split as the description was)
 * joined by `&`, each a prefix, and the texts joined by `|`. Null when no text holds a word.
 */
export const prefixTsquery = async (db: AuditExecutor, texts: readonly string[]): Promise<string | null> => {
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
  return result.rows[0]?.query ?? null;
};

/** The first FILTER_SUGGESTION_LIMIT kept values of a column (containing the text, when there is one), in order. */
export const valuesContaining = (db: AuditExecutor, key: AuditValueKey, text: string | null) => {
  let query = db.selectFrom('auditFilterValues').select('value').where('key', '=', key);
  if (text) query = query.where('value', 'ilike', likePattern(text));
  return query.orderBy('value').limit(FILTER_SUGGESTION_LIMIT).execute();
};

/**
 * The distinct descriptions among the RECENT_WINDOW most recent rows (matching the tsquery,
 * when there is one), the most recently used first, at most FILTER_SUGGESTION_LIMIT.
 */
export const recentDescriptions = (db: AuditExecutor, words: string | null) => {
  let recent = db.selectFrom('auditRows').select(['valueText', 'stamp', 'seq']);
  if (words) recent = recent.where(sql<boolean>`value_search @@ ${words}::tsquery`);
  return db
    .selectFrom(recent.orderBy('stamp', 'desc').orderBy('seq', 'desc').limit(RECENT_WINDOW).as('recent'))
    .select('valueText')
    .groupBy('valueText')
    .orderBy(sql`max(stamp)`, 'desc')
    .limit(FILTER_SUGGESTION_LIMIT)
    .execute();
};

/** Years of the periods and of the scored questionnaires (starting with the text, when there is one), newest first. */
export const yearsStartingWith = (db: AuditExecutor, text: string | null) => {
  const years = db
    .selectFrom('periods')
    .select('year')
    .where('year', 'is not', null)
    .union(db.selectFrom('scoreFacts').select('year').where('year', 'is not', null));
  let query = db.selectFrom(years.as('y')).select(sql<string>`year::text`.as('year'));
  if (text) query = query.where(sql`year::text`, 'like', startsWith(text));
  return query.orderBy('year', 'desc').limit(FILTER_SUGGESTION_LIMIT).execute();
};

/** Scores given (starting with the text, when there is one), highest first. */
export const scoresStartingWith = (db: AuditExecutor, text: string | null) => {
  let query = db.selectFrom('scoreFacts').select('score').distinct().where('score', 'is not', null);
  if (text) query = query.where(sql`score::text`, 'like', startsWith(text));
  return query.orderBy('score', 'desc').limit(FILTER_SUGGESTION_LIMIT).execute();
};

/** Names of the groups with a score (containing the text, when there is one), in order. */
export const scoredGroupsContaining = (db: AuditExecutor, text: string | null) => {
  let query = db.selectFrom('scoreFacts').select('groupName').distinct();
  if (text) query = query.where('groupName', 'ilike', likePattern(text));
  return query.orderBy('groupName').limit(FILTER_SUGGESTION_LIMIT).execute();
};
