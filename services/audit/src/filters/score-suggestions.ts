import type { AuditExecutor } from '../db';

import { scoredGroupsContaining, scoresStartingWith, yearsStartingWith } from './repository';

/** Years of the periods and of the scored questionnaires, newest first. */
export async function yearSuggestions(db: AuditExecutor, text: string | null): Promise<string[]> {
  const rows = await yearsStartingWith(db, text);
  return rows.map((r) => r.year);
}

/** Scores given, highest first, as they read (87.5). */
export async function scoreSuggestions(db: AuditExecutor, text: string | null): Promise<string[]> {
  const rows = await scoresStartingWith(db, text);
  return rows.map((r) => String(r.score));
}

/** Countries with a score. */
export async function scoredCountrySuggestions(db: AuditExecutor, text: string | null): Promise<string[]> {
  const rows = await scoredGroupsContaining(db, text);
  return rows.map((r) => r.groupName);
}
