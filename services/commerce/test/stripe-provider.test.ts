import Stripe from 'stripe';

import { RoleIds } from '@cti/access';
import { CommerceMessages } from '@cti/contracts';
import { sql } from '@cti/db';
import { eventually, signTestToken } from '@cti/testing';

import { paymentDepsOf } from '../src/app';
import { seedProducts } from '../src/seed/seed-products';

import { FakeStripe } from './fake-stripe';
import {
  givenCountries,
  givenScorecard,
  givenUser,
  holdings,
  outboxTypes,
  signInAgainOnceNarrowed,
  startPlatform,
  type Platform,
  type SignedIn,
} from './support';

const WEBHOOK_SECRET = 'whsec_test_0123456789abcdef';
let stripe: FakeStripe;
let p: Platform;
let products: Record<string, string>;
let countries: string[];
let admin: { authorization: string };
let eventSeq = 0;

beforeAll(async () => {
  stripe = new FakeStripe();
  const port = await stripe.start();
  p = await startPlatform({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_local',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(port),
    STRIPE_API_PROTOCOL: 'http',
    PUBLIC_ORIGINS: 'https://index.cti.test',
  });
  countries = await givenCountries(p, ['Ireland', 'France']);
  // certified scorecards are sold for the period their country's scorecard shows
  for (const country of countries) await givenScorecard(p, country, PERIOD, PERIOD);
  await seedProducts(paymentDepsOf(p.commerce));
  admin = {
    authorization: `Bearer ${signTestToken({ sub: '00000000-0000-4000-8000-000000000001', isAdmin: true, roles: [RoleIds.Admin], name: 'Ada Admin' })}`,
  };
  const someone = await givenUser(p, 'lookup@example.com');
  products = (await p.commerce.inject({ method: 'GET', url: '/api/product/quicklist', headers: someone.auth })).json();
});
afterAll(async () => {
  await p.ctx.close();
  await stripe.stop();
});

/** A Stripe event, as its webhook delivers it. */
function event(type: string, object: object, created = Math.floor(Date.now() / 1000)) {
  return JSON.stringify({
    id: `evt_test_${++eventSeq}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created,
    livemode: false,
    pending_webhooks: 1,
    type,
    data: { object },
  });
}

function deliver(payload: string, signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })) {
  return p.commerce.inject({
    method: 'POST',
    url: '/api/payment/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload,
  });
}

/** A certified scorecard order names its country and period. */
const PERIOD = '2026 1st Q';

async function openCheckout(user: SignedIn, productId: string, groupId?: string, headers: Record<string, string> = {}) {
  const res = await p.commerce.inject({
    method: 'POST',
    url: '/api/payment/checkout',
    headers: { ...user.auth, ...headers },
    payload: { productId, groupId, periodId: productId === products['CFT Download'] ? PERIOD : undefined },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { sessionId: string; url: string; provider: string };
}

const purchasesOf = async (userId: string) =>
  (
    await sql<{ id: string; paymentKey: string; transactionId: string }>`select * from purchases where user_id = ${userId}`.execute(
      p.commerce.db,
    )
  ).rows;

describe('plans', () => {
  it('creates a Stripe product and a yearly USD price per subscription product, with idempotency keys', async () => {
    const prices = stripe.callsTo('POST', '/v1/prices');
    expect(prices).toHaveLength(3);
    const perCountry = prices.find((c) => c.params.unit_amount === '200000')!;
    expect(perCountry.params).toMatchObject({ currency: 'usd', recurring: { interval: 'year' } });
    expect(perCountry.idempotencyKey).toMatch(/^plan:.+:price$/);
    expect(stripe.callsTo('POST', '/v1/products').every((c) => !!c.idempotencyKey)).toBe(true);
    const product = (
      await p.commerce.inject({ method: 'GET', url: `/api/product/${products['Per Country Subscription']}`, headers: admin })
    ).json();
    expect(product.planId).toBe([...stripe.prices.values()].find((price) => price.unit_amount === 200_000)!.id);
  });

  it('removing a plan deactivates the price; a provider failure answers the spec’s text', async () => {
    const created = (
      await p.commerce.inject({
        method: 'POST',
        url: '/api/product',
        headers: admin,
        payload: { Name: 'Monthly Access', Description: '', Price: 10 },
      })
    ).json();
    const plan = (
      await p.commerce.inject({ method: 'POST', url: '/api/payment/plan/new', headers: admin, payload: { productId: created.Id } })
    ).json();
    const removed = await p.commerce.inject({
      method: 'POST',
      url: '/api/payment/plan/remove',
      headers: admin,
      payload: { productId: created.Id },
    });
    expect(removed.json()).toEqual({ planId: null });
    expect(stripe.callsTo('POST', `/v1/prices/${plan.planId}`)[0]).toMatchObject({
      params: { active: 'false' },
      idempotencyKey: `plan-remove:${plan.planId}`,
    });
    stripe.failing = '/v1/products';
    const failed = await p.commerce.inject({
      method: 'POST',
      url: '/api/payment/plan/new',
      headers: admin,
      payload: { productId: created.Id },
    });
    stripe.failing = null;
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toBe(CommerceMessages.planFailed);
  });
});

describe('checkout and webhooks', () => {
  it('opens a Checkout Session in subscription mode for the plan, one unit per country', async () => {
    const user = await givenUser(p, 'session@example.com');
    const { sessionId, url, provider } = await openCheckout(user, products['Per Country Subscription'], `${countries[0]},${countries[1]}`);
    expect(provider).toBe('stripe');
    expect(url).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);
    const call = stripe.callsTo('POST', '/v1/checkout/sessions').at(-1)!;
    const plan = (
      await p.commerce.inject({ method: 'GET', url: `/api/product/${products['Per Country Subscription']}`, headers: user.auth })
    ).json().planId;
    expect(call.params).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: plan, quantity: '2' }],
      success_url: `http://cti.test/checkout/${products['Per Country Subscription']}?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `http://cti.test/checkout/${products['Per Country Subscription']}?cancelled=true`,
    });
    expect(call.idempotencyKey).toMatch(/^checkout:/);
    expect(stripe.callsTo('POST', '/v1/customers').at(-1)!.idempotencyKey).toBe(`customer:${user.id}`);
  });

  it('sends the buyer back to the origin in use when it is one of the installation’s, else to PUBLIC_URL', async () => {
    const user = await givenUser(p, 'origins@example.com');
    const product = products['Per Country Subscription'];
    const returnsTo = async (headers: Record<string, string>) => {
      await openCheckout(user, product, countries[0], headers);
      return stripe.callsTo('POST', '/v1/checkout/sessions').at(-1)!.params as { success_url: string; cancel_url: string };
    };
    // the gateway forwards the Host the browser used
    expect(await returnsTo({ 'x-forwarded-host': 'index.cti.test', 'x-forwarded-proto': 'https' })).toMatchObject({
      success_url: `https://index.cti.test/checkout/${product}?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `https://index.cti.test/checkout/${product}?cancelled=true`,
    });
    for (const forged of ['evil.example', 'index.cti.test.evil.example', 'index.cti.test:8443']) {
      expect((await returnsTo({ 'x-forwarded-host': forged, 'x-forwarded-proto': 'https' })).success_url).toBe(
        `http://cti.test/checkout/${product}?session_id={CHECKOUT_SESSION_ID}`,
      );
    }
  });

  it('opens a one-time payment for a product without a plan', async () => {
    const user = await givenUser(p, 'once@example.com');
    await openCheckout(user, products['CFT Download'], countries[0]);
    const call = stripe.callsTo('POST', '/v1/checkout/sessions').at(-1)!;
    expect(call.params).toMatchObject({
      mode: 'payment',
      line_items: [
        { quantity: '1', price_data: { currency: 'usd', unit_amount: '50000', product_data: { name: 'Ireland — certified scorecard' } } },
      ],
    });
  });

  it('grants once when the same event is delivered 100 times at once', async () => {
    const user = await givenUser(p, 'hundred@example.com');
    const { sessionId } = await openCheckout(user, products['Per Country Subscription'], countries[0]);
    const session = stripe.completeSession(sessionId, 200_000);
    const payload = event('checkout.session.completed', session);
    const answers = await Promise.all(Array.from({ length: 100 }, () => deliver(payload)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(answers.filter((a) => a.json().duplicate === false)).toHaveLength(1);
    expect(await purchasesOf(user.id)).toHaveLength(1);
    const completed = (await outboxTypes(p.commerce)).filter((t) => t === 'evt.commerce.purchase.completed');
    const mine = await sql<{
      n: number;
    }>`select count(*)::int as n from outbox where type = 'evt.commerce.purchase.completed' and payload->'data'->>'userId' = ${user.id}`.execute(
      p.commerce.db,
    );
    expect(mine.rows[0].n).toBe(1);
    expect(completed.length).toBeGreaterThanOrEqual(1);
    await eventually(async () => (await holdings(p, user.id)).roles.some((r) => r.roleId === RoleIds.CountryViewer));
  });

  it('two events about the same payment (session completed, first invoice paid) and the buyer’s return grant once', async () => {
    const user = await givenUser(p, 'twice@example.com');
    const { sessionId } = await openCheckout(user, products['Standard Subscription']);
    const session = stripe.completeSession(sessionId, 1_000_000);
    const invoice = stripe.invoices.get(session.invoice)!;
    // the invoice is announced first, before the checkout completes
    expect((await deliver(event('invoice.paid', invoice))).statusCode).toBe(200);
    expect((await deliver(event('checkout.session.completed', session))).statusCode).toBe(200);
    const back = await p.commerce.inject({ method: 'POST', url: '/api/payment', headers: user.auth, payload: { details: { sessionId } } });
    expect(back.json()).toMatchObject({ amount: 10_000, transactionId: invoice.payment_intent, grantsRoles: [RoleIds.Standard] });
    const purchases = await purchasesOf(user.id);
    expect(purchases).toHaveLength(1);
    expect(purchases[0]).toMatchObject({ paymentKey: invoice.id, transactionId: invoice.payment_intent });
  });

  it('refuses a tampered, unsigned or stale webhook', async () => {
    const user = await givenUser(p, 'forged@example.com');
    const { sessionId } = await openCheckout(user, products['Enhanced Subscription']);
    const payload = event('checkout.session.completed', stripe.completeSession(sessionId, 2_000_000));
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = payload.replace('"amount_total":2000000', '"amount_total":1');
    expect((await deliver(tampered, signature)).statusCode).toBe(400);
    expect((await deliver(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' }))).statusCode).toBe(
      400,
    );
    expect(
      (await p.commerce.inject({ method: 'POST', url: '/api/payment/webhook', headers: { 'content-type': 'application/json' }, payload }))
        .statusCode,
    ).toBe(400);
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    expect((await deliver(payload, stale)).statusCode).toBe(400);
    expect(await purchasesOf(user.id)).toHaveLength(0);
    // the genuine one, within the 300 s tolerance, is taken
    const recent = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 200,
    });
    expect((await deliver(payload, recent)).statusCode).toBe(200);
    expect(await purchasesOf(user.id)).toHaveLength(1);
  });

  it('takes a signed event whose session names a checkout id of another form as one for a checkout it did not open: acknowledged, nothing granted', async () => {
    const user = await givenUser(p, 'foreign-checkout@example.com');
    const { sessionId } = await openCheckout(user, products['Per Country Subscription'], countries[1]);
    const session = stripe.completeSession(sessionId, 200_000);
    // a session Stripe knows but no checkout of ours opened, carrying an id that is not one of ours in form
    const foreign = {
      ...session,
      id: 'cs_test_not_ours',
      metadata: { checkoutId: 'not-a-checkout-id' },
      client_reference_id: 'not-a-checkout-id',
    };
    stripe.sessions.set(foreign.id, foreign);
    const answer = await deliver(event('checkout.session.completed', foreign));
    expect(answer.statusCode).toBe(200);
    expect(await purchasesOf(user.id)).toHaveLength(0);
  });

  it('ends in the right state when the subscription’s deletion arrives before an older update', async () => {
    const user = await givenUser(p, 'order@example.com', { roles: ['CountryRespondent'] });
    const { sessionId } = await openCheckout(user, products['Enhanced Subscription']);
    const session = stripe.completeSession(sessionId, 2_000_000);
    await deliver(event('checkout.session.completed', session));
    await eventually(async () => (await holdings(p, user.id)).roles.some((r) => r.roleId === RoleIds.Enhanced));
    const sub = stripe.subscriptions.get(session.subscription)!;
    const now = Math.floor(Date.now() / 1000);
    const updated = {
      ...sub,
      cancel_at_period_end: true,
      cancellation_details: { reason: 'cancellation_requested', comment: 'Too expensive' },
    };
    const deleted = { ...sub, status: 'canceled', cancellation_details: { reason: 'cancellation_requested', comment: 'Too expensive' } };
    expect((await deliver(event('customer.subscription.deleted', deleted, now))).statusCode).toBe(200);
    expect((await deliver(event('customer.subscription.updated', { ...updated, status: 'active' }, now - 10))).statusCode).toBe(200);
    const row = (
      await sql<{
        status: string;
        endedAt: string | null;
        statusNote: string;
      }>`select status, ended_at, status_note from subscriptions where provider_subscription_id = ${sub.id}`.execute(p.commerce.db)
    ).rows[0];
    expect(row).toMatchObject({ status: 'CANCELLED', statusNote: 'Too expensive' });
    expect(row.endedAt).not.toBeNull();
    await eventually(async () => !(await holdings(p, user.id)).roles.some((r) => r.roleId === RoleIds.Enhanced));
    const again = await signInAgainOnceNarrowed(p, user);
    const listed = (await p.commerce.inject({ method: 'GET', url: '/api/user/paymentDetails', headers: again.auth })).json()
      .Subscriptions[0];
    expect(listed.Details).toMatchObject({ status: 'CANCELLED', statusChangeNote: 'Too expensive', nextBillingTime: null });
  });

  it('a renewal invoice extends the access by a year', async () => {
    const user = await givenUser(p, 'renewal@example.com', { roles: ['CountryRespondent'] });
    const { sessionId } = await openCheckout(user, products['Standard Subscription']);
    const session = stripe.completeSession(sessionId, 1_000_000);
    await deliver(event('checkout.session.completed', session));
    const sub = stripe.subscriptions.get(session.subscription)!;
    sub.items.data[0].current_period_end += 365 * 86400;
    await deliver(event('customer.subscription.updated', sub));
    await deliver(event('invoice.paid', stripe.invoice(sub, 1_000_000, 'subscription_cycle')));
    expect(await purchasesOf(user.id)).toHaveLength(2);
    await eventually(async () => {
      const standard = (await holdings(p, user.id)).roles.find((r) => r.roleId === RoleIds.Standard);
      return standard?.expiresOn && Date.parse(standard.expiresOn) > Date.now() + 700 * 86_400_000;
    });
  });
});

describe('refunds, cancellation and plan changes at Stripe', () => {
  it('refunds the payment intent with an idempotency key and cancels the subscription at once', async () => {
    const user = await givenUser(p, 'refund@example.com');
    const { sessionId } = await openCheckout(user, products['Per Country Subscription'], countries[1]);
    const session = stripe.completeSession(sessionId, 200_000);
    await deliver(event('checkout.session.completed', session));
    const [purchase] = await purchasesOf(user.id);
    const res = await p.commerce.inject({ method: 'GET', url: `/api/payment/refund/${purchase.transactionId}`, headers: admin });
    expect(res.json()).toEqual({ message: CommerceMessages.refundSucceeded });
    expect(stripe.callsTo('POST', '/v1/refunds').at(-1)).toMatchObject({
      params: { payment_intent: purchase.transactionId },
      idempotencyKey: `refund:${purchase.id}`,
    });
    const cancel = stripe.callsTo('DELETE', `/v1/subscriptions/${session.subscription}`);
    expect(cancel).toHaveLength(1);
    expect(cancel[0].idempotencyKey).toMatch(/^cancel-now:/);
    // Stripe's own notice of the refund changes nothing more
    const refundEvent = event('refund.created', {
      id: 're_from_dashboard',
      object: 'refund',
      amount: 200_000,
      payment_intent: purchase.transactionId,
      charge: null,
      status: 'succeeded',
    });
    await deliver(refundEvent);
    const refunded = await sql<{
      n: number;
    }>`select count(*)::int as n from outbox where type = 'evt.commerce.purchase.refunded' and payload->'data'->>'userId' = ${user.id}`.execute(
      p.commerce.db,
    );
    expect(refunded.rows[0].n).toBe(1);
    await eventually(async () => (await holdings(p, user.id)).groupIds.length === 0);
  });

  it('a refund made in Stripe’s dashboard is recorded from its webhook', async () => {
    const user = await givenUser(p, 'dashboard@example.com');
    const { sessionId } = await openCheckout(user, products['CFT Download'], countries[0]);
    const session = stripe.completeSession(sessionId, 50_000);
    await deliver(event('checkout.session.completed', session));
    await deliver(
      event('charge.refunded', {
        id: 'ch_dash',
        object: 'charge',
        payment_intent: session.payment_intent,
        amount_refunded: 50_000,
        refunds: { object: 'list', data: [{ id: 're_dash' }] },
      }),
    );
    const row = (
      await sql<{
        refundId: string;
        refundedCents: number;
      }>`select refund_id, refunded_cents from purchases where user_id = ${user.id}`.execute(p.commerce.db)
    ).rows[0];
    expect(row).toEqual({ refundId: 're_dash', refundedCents: 50_000 });
  });

  it('a failed refund answers “Unable to give refund.” and changes nothing', async () => {
    const user = await givenUser(p, 'norefund@example.com');
    const { sessionId } = await openCheckout(user, products['CFT Download'], countries[0]);
    await deliver(event('checkout.session.completed', stripe.completeSession(sessionId, 50_000)));
    const [purchase] = await purchasesOf(user.id);
    stripe.failing = '/v1/refunds';
    const res = await p.commerce.inject({ method: 'GET', url: `/api/payment/refund/${purchase.transactionId}`, headers: admin });
    stripe.failing = null;
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(CommerceMessages.refundFailed);
    const row = (
      await sql<{ refundedAt: string | null }>`select refunded_at from purchases where id = ${purchase.id}`.execute(p.commerce.db)
    ).rows[0];
    expect(row.refundedAt).toBeNull();
  });

  it('cancel sets cancel_at_period_end; upgrade answers the customer portal’s confirm page as the approve link', async () => {
    const user = await givenUser(p, 'portal@example.com', { roles: ['CountryRespondent'] });
    const { sessionId } = await openCheckout(user, products['Standard Subscription']);
    const session = stripe.completeSession(sessionId, 1_000_000);
    await deliver(event('checkout.session.completed', session));
    const listed = (await p.commerce.inject({ method: 'GET', url: '/api/user/paymentDetails', headers: user.auth })).json()
      .Subscriptions[0];
    const enhancedPlan = (
      await p.commerce.inject({ method: 'GET', url: `/api/product/${products['Enhanced Subscription']}`, headers: user.auth })
    ).json().planId;
    const upgrade = await p.commerce.inject({
      method: 'POST',
      url: `/api/payment/upgrade/${listed.Id}`,
      headers: user.auth,
      payload: { planId: enhancedPlan },
    });
    expect(upgrade.statusCode).toBe(200);
    expect(upgrade.json().links[0]).toMatchObject({
      rel: 'approve',
      href: expect.stringMatching(/^https:\/\/billing\.stripe\.test\/p\/session\//),
    });
    const portal = stripe.callsTo('POST', '/v1/billing_portal/sessions').at(-1)!;
    expect(portal.params).toMatchObject({
      return_url: 'http://cti.test/user/account',
      flow_data: {
        type: 'subscription_update_confirm',
        subscription_update_confirm: { subscription: session.subscription, items: [{ price: enhancedPlan, quantity: '1' }] },
      },
    });
    expect(portal.idempotencyKey).toMatch(/^plan-change:/);
    // the subscriber approved: Stripe announces the new price
    const sub = stripe.subscriptions.get(session.subscription)!;
    sub.items.data[0].price = { id: enhancedPlan };
    await deliver(event('customer.subscription.updated', sub));
    await eventually(async () => {
      const roles = (await holdings(p, user.id)).roles.map((r) => r.roleId);
      return roles.includes(RoleIds.Enhanced) && !roles.includes(RoleIds.Standard);
    });
    // losing Standard narrowed the user's access, which ends their sessions: they sign in again
    const again = await signInAgainOnceNarrowed(p, user);
    stripe.failing = '/v1/billing_portal';
    const failed = await p.commerce.inject({
      method: 'POST',
      url: `/api/payment/upgrade/${listed.Id}`,
      headers: again.auth,
      payload: {
        planId: (
          await p.commerce.inject({ method: 'GET', url: `/api/product/${products['Standard Subscription']}`, headers: again.auth })
        ).json().planId,
      },
    });
    stripe.failing = null;
    expect(failed.statusCode).toBe(422);
    expect(failed.json()).toEqual({ name: 'UNPROCESSABLE_ENTITY', message: CommerceMessages.upgradeFailed });

    const cancel = await p.commerce.inject({ method: 'GET', url: `/api/payment/unsubscribe/${listed.Id}`, headers: again.auth });
    expect(cancel.json()).toEqual({ message: CommerceMessages.cancelSucceeded });
    expect(stripe.callsTo('POST', `/v1/subscriptions/${session.subscription}`).at(-1)).toMatchObject({
      params: { cancel_at_period_end: 'true' },
      idempotencyKey: `cancel:${listed.Id}`,
    });
  });
});

describe('plan changes at Stripe are prorated', () => {
  it('approves through a portal that invoices an upgrade’s difference at once and schedules a downgrade for the renewal', async () => {
    let user = await givenUser(p, 'prorate@example.com', { roles: ['CountryRespondent'] });
    const { sessionId } = await openCheckout(user, products['Standard Subscription']);
    const session = stripe.completeSession(sessionId, 1_000_000);
    await deliver(event('checkout.session.completed', session));
    const mine = (await p.commerce.inject({ method: 'GET', url: '/api/user/paymentDetails/mine', headers: user.auth })).json()[0];
    const planOf = async (name: string) =>
      (await p.commerce.inject({ method: 'GET', url: `/api/product/${products[name]}`, headers: user.auth })).json().planId as string;
    const [standardPrice, enhancedPrice] = [await planOf('Standard Subscription'), await planOf('Enhanced Subscription')];
    const move = async (planId: string) =>
      p.commerce.inject({ method: 'POST', url: `/api/payment/upgrade/${mine.Id}`, headers: user.auth, payload: { planId } });

    expect((await move(enhancedPrice)).statusCode).toBe(200);
    // the portal session is opened with commerce's plan-change configuration, made once with the proration it needs
    const made = stripe.callsTo('POST', '/v1/billing_portal/configurations');
    expect(made).toHaveLength(1);
    expect(made[0].params).toMatchObject({
      metadata: { purpose: 'cti-plan-change' },
      features: {
        subscription_update: {
          enabled: 'true',
          default_allowed_updates: ['price'],
          proration_behavior: 'always_invoice',
          schedule_at_period_end: { conditions: [{ type: 'decreasing_item_amount' }] },
        },
      },
    });
    const configured = (made[0].params.features as any).subscription_update.products.flatMap((x: { prices: string[] }) => x.prices);
    expect(configured.sort()).toEqual([standardPrice, enhancedPrice].sort());
    const configuration = [...stripe.portalConfigurations.keys()][0];
    expect(stripe.callsTo('POST', '/v1/billing_portal/sessions').at(-1)!.params).toMatchObject({ configuration });

    // the subscriber confirms a third of the way through the year: Stripe moves the price and invoices the difference now
    const sub = stripe.subscriptions.get(session.subscription)!;
    const item = sub.items.data[0];
    const at = item.current_period_start + Math.round((item.current_period_end - item.current_period_start) / 3);
    const { invoice } = stripe.upgradeNow(session.subscription, enhancedPrice, at);
    expect(invoice.amount_paid).toBe(Math.round((1_000_000 * 2) / 3));
    await deliver(event('customer.subscription.updated', sub, at));
    await deliver(event('invoice.paid', invoice, at));
    await eventually(async () => {
      const roles = (await holdings(p, user.id)).roles.map((r) => r.roleId);
      return roles.includes(RoleIds.Enhanced) && !roles.includes(RoleIds.Standard);
    });
    user = await signInAgainOnceNarrowed(p, user);
    const history = (await p.commerce.inject({ method: 'GET', url: '/api/purchase', headers: user.auth })).json();
    expect(history[0]).toMatchObject({
      Name: expect.stringMatching(
        /^Enhanced Subscription — upgrade from Standard Subscription, the prorated difference to [A-Z][a-z]+ \d{1,2}, \d{4}$/,
      ),
      Amount: invoice.amount_paid / 100,
      TransactionId: invoice.payment_intent,
    });

    // moving back down is approved with the same configuration (found, not made again) and waits for the renewal
    expect((await move(standardPrice)).statusCode).toBe(200);
    expect(stripe.callsTo('POST', '/v1/billing_portal/configurations')).toHaveLength(1);
    stripe.scheduleAtPeriodEnd(session.subscription, standardPrice);
    await deliver(event('customer.subscription.updated', sub, at + 60));
    const owned = await eventually(async () => {
      const o = (await p.commerce.inject({ method: 'GET', url: '/api/purchase/owned', headers: user.auth })).json();
      return o.Plans[0]?.ChangesTo ? o : null;
    });
    expect(owned.Plans[0]).toMatchObject({ Name: 'Enhanced Subscription', ChangesTo: { Name: 'Standard Subscription' } });
    expect((await holdings(p, user.id)).roles.map((r) => r.roleId)).toContain(RoleIds.Enhanced);
  });
});
