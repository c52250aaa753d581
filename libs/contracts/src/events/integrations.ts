import type { EventType } from './index';

/**
 * The subjects the `integrations` NATS user may read (its own durable or ordered consumers on
 * them; it publishes nothing): the index's scores, the opening of a period and the audit log's
 * entries with their hash chain. The AsyncAPI document key holders read describes these alone.
 * What the other subjects carry (e-mail addresses, purchases, private documents) is for the
 * platform's own services.
 */
export const INTEGRATION_EVENT_TYPES = [
  'evt.scoring.scores.saved',
  'evt.scoring.enforceability.saved',
  'evt.scoring.country.reclassified',
  'evt.questionnaire.period.opened',
  'evt.audit.entry.recorded',
  'evt.audit.chain.broken',
] as const satisfies readonly EventType[];
