import { appendToOutbox } from '@cti/service-kit';

import type { CommerceExecutor, CommerceApp } from '../db';
import { LocalProvider } from '../payments/local-provider';
import { applyNotice } from '../payments/notices';
import type { PaymentProvider } from '../payments/provider';
import { grantOf } from '../products/grants';
import { actorOfBuyer } from '../purchases/record-purchase';

/**
 * One-time purchases whose year is over: announced once, so identity takes back what
 * they granted (roles expire by themselves; country memberships do not).
 */
async function expireOneTimePurchases(app: CommerceApp, now: Date): Promise<number> {
  return app.inTransaction(async (trx: CommerceExecutor) => {
    const due = await trx
      .selectFrom('purchases')
      .selectAll()
      .where('subscriptionId', 'is', null)
      .where('refundedAt', 'is', null)
      .where('expiredAt', 'is', null)
      .where('accessExpiresOn', '<=', now.toISOString())
      .limit(100)
      .forUpdate()
      .skipLocked()
      .execute();
    for (const purchase of due) {
      await trx.updateTable('purchases').set({ expiredAt: now.toISOString() }).where('id', '=', purchase.id).execute();
      await appendToOutbox(trx, {
        type: 'evt.commerce.purchase.expired',
        actor: actorOfBuyer(purchase),
        data: {
          purchaseId: purchase.id,
          userId: purchase.userId,
          productName: purchase.productName,
          grant: grantOf(purchase.productName, purchase.groupIds, null),
        },
      });
    }
    return due.length;
  });
}

/**
 * The periodic billing work: the local provider renews or ends subscriptions whose
 * period ended (Stripe does this itself and tells us by webhook), and one-time
 * purchases past their year expire. Safe to run on every replica at once.
 */
export async function runBillingSweep(app: CommerceApp, provider: PaymentProvider, now = new Date()): Promise<void> {
  if (provider instanceof LocalProvider) {
    await provider.advance(now, (notice, trx) => applyNotice(trx, provider, notice, app.log));
  }
  await expireOneTimePurchases(app, now);
  app.events.relay.kick();
}

export function scheduleBillingSweep(app: CommerceApp, provider: PaymentProvider, intervalMs: number): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (running) return;
      running = runBillingSweep(app, provider)
        .catch((err) => app.log.warn({ err }, 'billing sweep failed; will retry'))
        .finally(() => {
          running = null;
        });
    }, intervalMs);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
