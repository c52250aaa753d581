import type { PurchaseHistoryRow, Subscription } from '@cti/contracts';
import { fixedClock } from '@cti/service-kit';

import { paymentDepsOf } from '../src/app';
import { runBillingSweep } from '../src/notices/billing-sweep';
import { seedProducts } from '../src/seed/seed-products';

import { givenUser, outboxData, signInAgainOnceNarrowed, startPlatform, type Platform, type SignedIn } from './support';

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

describe('plan changes through the local provider, prorated as Stripe does', () => {
  it('an upgrade charges the difference for the rest of the year at once; a downgrade waits for the renewal', async () => {
    clock.set('2031-03-01T09:00:00.000Z');
    let user = await givenUser(p, 'prorated@example.com', { roles: ['CountryRespondent'] });
    const products = (await p.commerce.inject({ method: 'GET', url: '/api/product/quicklist', headers: user.auth })).json();
    const planOf = async (name: string) =>
      (await p.commerce.inject({ method: 'GET', url: `/api/product/${products[name]}`, headers: user.auth })).json().planId as string;
    await buy(user, products['Standard Subscription']);
    const [standard]: Subscription[] = (
      await p.commerce.inject({ method: 'GET', url: '/api/user/paymentDetails/mine', headers: user.auth })
    ).json();

    /** Asks for the move and opens its approval page, as the subscriber would. */
    const askToMove = async (to: string) => {
      const res = await p.commerce.inject({
        method: 'POST',
        url: `/api/payment/upgrade/${standard.Id}`,
        headers: user.auth,
        payload: { planId: await planOf(to) },
      });
      expect(res.statusCode).toBe(200);
      const changeId = res.json().links[0].href.split('/').pop();
      return {
        changeId,
        page: (await p.commerce.inject({ method: 'GET', url: `/api/payment/local/approve/${changeId}`, headers: user.auth })).json(),
      };
    };

    // half-way through: 182 of the period's 366 days are left (2031-09-01 to 2032-03-01)
    clock.set('2031-09-01T09:00:00.000Z');
    const up = await askToMove('Enhanced Subscription');
    const difference = Math.round((1_000_000 * 182) / 366) / 100;
    expect(difference).toBe(4_972.68);
    expect(up.page).toMatchObject({
      fromPlan: 'Standard Subscription',
      toPlan: 'Enhanced Subscription',
      upgrade: true,
      chargeNow: difference,
      renewalPrice: 20_000,
      periodEnd: '2032-03-01T09:00:00.000Z',
    });
    await p.commerce.inject({ method: 'POST', url: `/api/payment/local/approve/${up.changeId}`, headers: user.auth });
    // the upgrade took Standard away, which ends the user's sessions (as soon as identity's event
    // arrives, which a busy machine may bring before the next read): they sign in again
    user = await signInAgainOnceNarrowed(p, user);
    // approving again charges nothing more
    await p.commerce.inject({ method: 'POST', url: `/api/payment/local/approve/${up.changeId}`, headers: user.auth });
    const history: PurchaseHistoryRow[] = (await p.commerce.inject({ method: 'GET', url: '/api/purchase', headers: user.auth })).json();
    expect(history.map((h) => [h.Name, h.Amount, iso(h.Date)])).toEqual([
      [
        'Enhanced Subscription — upgrade from Standard Subscription, the prorated difference to March 1, 2032',
        difference,
        '2031-09-01T09:00:00.000Z',
      ],
      ['Standard Subscription', 10_000, '2031-03-01T09:00:00.000Z'],
    ]);
    const receipt = (await outboxData(p.commerce, 'evt.commerce.purchase.completed')).filter((d) => d.userId === user.id).at(-1);
    expect(receipt).toMatchObject({ productName: 'Enhanced Subscription', amountCents: 497_268, grant: { roles: ['Enhanced'] } });
    const approvedPage = (
      await p.commerce.inject({ method: 'GET', url: `/api/payment/local/approve/${up.changeId}`, headers: user.auth })
    ).json();
    expect(approvedPage).toMatchObject({ status: 'approved', chargeNow: difference, takesEffectOn: '2031-09-01T09:00:00.000Z' });

    const down = await askToMove('Standard Subscription');
    expect(down.page).toMatchObject({
      fromPlan: 'Enhanced Subscription',
      toPlan: 'Standard Subscription',
      upgrade: false,
      chargeNow: 0,
      renewalPrice: 10_000,
      takesEffectOn: '2032-03-01T09:00:00.000Z',
    });
    await p.commerce.inject({ method: 'POST', url: `/api/payment/local/approve/${down.changeId}`, headers: user.auth });
    const owned = (await p.commerce.inject({ method: 'GET', url: '/api/purchase/owned', headers: user.auth })).json();
    expect(owned.Plans).toEqual([
      expect.objectContaining({
        Name: 'Enhanced Subscription',
        ChangesTo: { Name: 'Standard Subscription', On: '2032-03-01T09:00:00.000Z' },
      }),
    ]);
    expect((await p.commerce.inject({ method: 'GET', url: '/api/purchase', headers: user.auth })).json()).toHaveLength(2);

    // at the renewal the subscription moves to Standard and renews at its price
    clock.set('2032-03-02T09:00:00.000Z');
    await runBillingSweep(paymentDepsOf(p.commerce), clock.now());
    const renewed = (await outboxData(p.commerce, 'evt.commerce.purchase.completed')).filter((d) => d.userId === user.id).at(-1);
    expect(renewed).toMatchObject({ productName: 'Standard Subscription', amountCents: 1_000_000 });
    const after = (await p.commerce.inject({ method: 'GET', url: '/api/purchase/owned', headers: user.auth })).json();
    expect(after.Plans).toEqual([expect.objectContaining({ Name: 'Standard Subscription', ChangesTo: null })]);
  });
});
