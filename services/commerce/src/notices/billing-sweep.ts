import { appendToOutbox } from '@cti/service-kit';

import { LocalProvider } from '../payments/local-provider';
import type { PaymentDeps } from '../payments/payment-deps';
import { grantOf } from '../products/grants';
import { actorOfBuyer } from '../purchases/record-purchase';
import { claimExpiredOneTimePurchases, markExpired } from '../purchases/repository';

import { applyNotice } from './apply-notices';

/**
 * One-time purchases whose year is over at `now`: announced once, so identity takes back
 * what they granted (roles expire by themselves; country memberships do not).
 */
async function expireOneTimePurchases(deps: PaymentDeps, now: Date): Promise<number> {
  return deps.inTransaction(async (trx) => {
    const due = await claimExpiredOneTimePurchases(trx, now);
    for (const purchase of due) {
      await markExpired(trx, purchase.id, now);
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
 * The billing work due at `now`: the local provider renews or ends subscriptions whose
 * period ended (Stripe does this itself and tells us by webhook), and one-time purchases
 * past their year expire. Safe to run on every replica at once.
 */
export async function runBillingSweep(deps: PaymentDeps, now: Date): Promise<void> {
  const { provider } = deps;
  if (provider instanceof LocalProvider) {
    await deps.inTransaction((trx) => provider.advance(trx, now, (notice) => applyNotice(trx, deps, notice, now)));
  }
  await expireOneTimePurchases(deps, now);
}

/** Runs the billing sweep every `intervalMs` at the time of `deps.clock`, one run at a time. */
export function billingSweepSchedule(deps: PaymentDeps, intervalMs: number) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  return {
    start(): void {
      timer = setInterval(() => {
        if (running) return;
        running = runBillingSweep(deps, deps.clock.now())
          .catch((err: unknown) => deps.log.warn({ err }, 'billing sweep failed; will retry'))
          .finally(() => {
            running = null;
          });
      }, intervalMs);
      timer.unref();
    },
    /** Stops the timer and waits for a run under way. */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
