import { applyNotice, resolveNotice } from '../notices/apply-notices';
import type { PaymentDeps } from '../payments/payment-deps';

import { isEventRecorded, recordEvent } from './repository';

/**
 * Verifies a webhook on its raw body (signature and age), then applies it once per
 * event id: the id is recorded in the transaction that applies the event, so of any
 * number of concurrent deliveries exactly one commits the effect; the others find
 * the id and only acknowledge. Failures answer 500 so the provider redelivers.
 */
export async function handleWebhook(deps: PaymentDeps, raw: Buffer, signature: string | undefined): Promise<'applied' | 'duplicate'> {
  const verified = deps.provider.verifyWebhook(raw, signature);
  if (await isEventRecorded(deps.db, verified.eventId)) return 'duplicate';
  const notice = await resolveNotice(deps, await verified.notice());
  return deps.inTransaction(async (trx) => {
    const fresh = await recordEvent(trx, { id: verified.eventId, provider: deps.provider.name, type: verified.type });
    if (!fresh) return 'duplicate' as const;
    await applyNotice(trx, deps, notice, deps.clock.now());
    return 'applied' as const;
  });
}
