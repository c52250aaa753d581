import { FILTER_SUGGESTION_LIMIT } from '@cti/contracts';
import { sql } from '@cti/db';

import type { AuditExecutor } from '../db';

import { likePattern, startsWith } from './filter-values';

/** Years of the periods and of the scored questionnaires, newest first. */
export async function yearSuggestions(db: AuditExecutor, text: string | null): Promise<string[]> {
  const years = db
    .selectFrom('periods')
    .select('year')
    .where('year', 'is not', null)
    .union(db.selectFrom('scoreFacts').select('year').where('year', 'is not', null));
  let query = db.selectFrom(years.as('y')).select(sql<string>`year::text`.as('year'));
  if (text) query = query.where(sql`year::text`, 'like', startsWith(text));
  const rows = await query.orderBy('year', 'desc').limit(FILTER_SUGGESTION_LIMIT).execute();
  return rows.map((r) => r.year);
}

/** Scores given, highest first, as they read (87.5). */
export async function scoreSuggestions(db: AuditExecutor, text: string | null): Promise<string[]> {
  let query = db.selectFrom('scoreFacts').select('score').distinct().where('score', 'is not', null);
  if (text) query = query.where(sql`score::text`, 'like', startsWith(text));
  const rows = await query.orderBy('score', 'desc').limit(FILTER_SUGGESTION_LIMIT).execute();
  return rows.map((r) => String(r.score));
}

/** Countries with a score. */
export async function scoredCountrySuggestions(db: AuditExecutor, text: string | null): Promise<string[]> {
  let query = db.selectFrom('scoreFacts').select('groupName').distinct();
  if (text) query = query.where('groupName', 'ilike', likePattern(text));
  const rows = await query.orderBy('groupName').limit(FILTER_SUGGESTION_LIMIT).execute();
  return rows.map((r) => r.groupName);
}
