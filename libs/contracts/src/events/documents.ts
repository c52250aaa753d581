import type { TSchema } from 'typebox';

/** Events published by the documents service (subject = key). */
export const DocumentsEvents = {} as const satisfies Record<string, TSchema>;
