import type { FastifyBaseLogger } from 'fastify';

import type { DataAccess } from '@cti/service-kit';

import type { CommerceDB } from '../db';

import type { PaymentProvider } from './provider';

/**
 * What the use-cases that take or give back money depend on (checkout, webhooks, refunds,
 * cancellations, plans, the billing sweep): the service's data access and clock, the
 * installation's payment provider, and a log for the provider failures they recover from.
 */
export interface PaymentDeps extends DataAccess<CommerceDB> {
  readonly provider: PaymentProvider;
  readonly log: FastifyBaseLogger;
}
