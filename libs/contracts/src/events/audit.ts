import type { TSchema } from 'typebox';

/** Events published by the audit service (subject = key). */
export const AuditEvents = {} as const satisfies Record<string, TSchema>;
