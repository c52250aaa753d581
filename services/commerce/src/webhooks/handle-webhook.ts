import type { ServiceApp } from '@cti/service-kit';

import { commerceDb, type CommerceExecutor } from '../db';
import { applyNotice, resolveNotice } from '../payments/notices';
import type { PaymentProvider } from '../payments/provider';

/**
 * Verifies a webhook on its raw body (signature and age), then applies it once per
 * event id: the id is recorded in the transaction that applies the event, so of any
 * number of concurrent deliveries exactly one commits the effect; the others find
 * the id and only acknowledge. Failures answer 500 so the provider redelivers.
 */
export async function handleWebhook(
  app: ServiceApp,
  provider: PaymentProvider,
  raw: Buffer,
  signature: string | undefined,
): Promise<'applied' | 'duplicate'> {
  const verified = provider.verifyWebhook(raw, signature);
  const db = commerceDb(app);
  const seen = await db.selectFrom('providerEvents').select('id').where('id', '=', verified.eventId).executeTakeFirst();
  if (seen) return 'duplicate';
  const notice = await resolveNotice(app, provider, await verified.notice());
  return app.inTransaction(async (trx: CommerceExecutor) => {
    const fresh = await trx
      .insertInto('providerEvents')
      .values({ id: verified.eventId, provider: provider.name, type: verified.type })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!fresh) return 'duplicate' as const;
    await applyNotice(trx, provider, notice, app.log);
    return 'applied' as const;
  });
}
