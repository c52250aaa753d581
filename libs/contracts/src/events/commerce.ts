import type { TSchema } from 'typebox';

/** Events published by the commerce service (subject = key). */
export const CommerceEvents = {} as const satisfies Record<string, TSchema>;
