import type { TSchema } from 'typebox';

/** Events published by the scoring service (subject = key). */
export const ScoringEvents = {} as const satisfies Record<string, TSchema>;
