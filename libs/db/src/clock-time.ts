import { sql } from 'kysely';

/**
 * The service clock's instant as a SQL timestamp, for SQL that compares or computes with it
 * (`expires_at > ${timestampAt(now)}`, `${timestampAt(now)} + interval ...`): queries judge time
 * by the clock the use-case was given, not the database's `now()`, so a test's fixed clock holds.
 */
export const timestampAt = (now: Date) => sql<string>`${now.toISOString()}::timestamptz`;
