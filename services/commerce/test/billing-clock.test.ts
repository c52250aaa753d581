import type { PurchaseHistoryRow, Subscription } from '@cti/contracts';
import { fixedClock } from '@cti/service-kit';

import { paymentDepsOf } from '../src/app';
import { seedProducts } from '../src/seed/seed-products';
import { runBillingSweep } from '../src/subscriptions/billing-sweep';

import { givenUser, outboxData, startPlatform, type Platform, type SignedIn } from './support';

/** Commerce runs on this clock; identity (which signs the buyer's token) on the real one. */
const clock = fixedClock('2031-03-01T09:00:00.000Z');
const iso = (time: string | null | undefined) => (time ? new Date(time).toISOString() : time);

let p: Platform;
beforeAll(async () => {
  p = await startPlatform({}, clock);
  await seedProducts(paymentDepsOf(p.commerce));
});
afterAll(() => p.ctx.close());

/** Checkout, confirmation on the local provider's page, and the buyer's return. */
async function buy(user: SignedIn, productId: string): Promise<void> {
  const start = await p.commerce.inject({ method: 'POST', url: '/api/payment/checkout', headers: user.auth, payload: { productId } });
  const { sessionId } = start.json();
  expect((await p.commerce.inject({ method: 'POST', url: `/api/payment/local/${sessionId}/pay`, headers: user.auth })).statusCode).toBe(
    200,
  );
  const done = await p.commerce.inject({ method: 'POST', url: '/api/payment', headers: user.auth, payload: { details: { sessionId } } });
  expect(done.statusCode).toBe(200);
}

async function accountOf(user: SignedIn) {
  const history: PurchaseHistoryRow[] = (await p.commerce.inject({ method: 'GET', url: '/api/purchase', headers: user.auth })).json();
  const [subscription]: Subscription[] = (
    await p.commerce.inject({ method: 'GET', url: '/api/user/paymentDetails/mine', headers: user.auth })
  ).json();
  const paidUntil = (await outboxData(p.commerce, 'evt.commerce.purchase.completed'))
    .filter((d: { userId: string }) => d.userId === user.id)
    .map((d: { grant: { expiresOn: string } }) => iso(d.grant.expiresOn));
  return {
    purchasedOn: history.map((h) => iso(h.Date)),
    subscribedOn: iso(subscription.CreatedOn),
    paidUntil,
    nextBillingTime: iso(subscription.Details.nextBillingTime),
    lastPayment: iso(subscription.Details.lastPayment?.time),
  };
}

describe('billing by the service clock', () => {
  it('an Enhanced subscription bought on 2031-03-01 renews at the sweep of 2032-03-02 for a year from that payment, not before', async () => {
    const user = await givenUser(p, 'clocked@example.com', { roles: ['Standard'] });
    const products = (await p.commerce.inject({ method: 'GET', url: '/api/product/quicklist', headers: user.auth })).json();
    await buy(user, products['Enhanced Subscription']);
    expect(await accountOf(user)).toEqual({
      purchasedOn: ['2031-03-01T09:00:00.000Z'],
      subscribedOn: '2031-03-01T09:00:00.000Z',
      paidUntil: ['2032-03-01T09:00:00.000Z'],
      nextBillingTime: '2032-03-01T09:00:00.000Z',
      lastPayment: '2031-03-01T09:00:00.000Z',
    });

    // the day before the period ends, nothing is due
    clock.set('2032-02-29T09:00:00.000Z');
    await runBillingSweep(paymentDepsOf(p.commerce), clock.now());
    expect((await accountOf(user)).purchasedOn).toHaveLength(1);

    // a day after it ended: the renewal is paid then and pays for a year from then; the next period follows the last
    clock.set('2032-03-02T09:00:00.000Z');
    await runBillingSweep(paymentDepsOf(p.commerce), clock.now());
    expect(await accountOf(user)).toEqual({
      purchasedOn: ['2032-03-02T09:00:00.000Z', '2031-03-01T09:00:00.000Z'],
      subscribedOn: '2031-03-01T09:00:00.000Z',
      paidUntil: ['2032-03-01T09:00:00.000Z', '2033-03-02T09:00:00.000Z'],
      nextBillingTime: '2033-03-01T09:00:00.000Z',
      lastPayment: '2032-03-02T09:00:00.000Z',
    });
  });
});
