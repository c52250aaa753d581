import { RoleIds } from '@cti/access';
import {
  CommerceMessages,
  type DomainEvent,
  type PaymentAnswer,
  type PaymentDetails,
  type PurchaseHistoryRow,
  type PurchaseLogRow,
} from '@cti/contracts';
import { sql } from '@cti/db';
import { eventually, signTestToken } from '@cti/testing';

import { paymentDepsOf } from '../src/app';
import { runBillingSweep } from '../src/notices/billing-sweep';
import { identityReceiptMailer, receiptMailConsumer } from '../src/purchases/receipt-mail';
import { seedProducts } from '../src/seed/seed-products';

import {
  givenCountries,
  givenPeriod,
  givenScorecard,
  givenUser,
  holdings,
  outboxData,
  outboxTypes,
  signIn,
  signInAgainOnceNarrowed,
  startPlatform,
  year,
  type Platform,
  type SignedIn,
} from './support';

/** A certified scorecard order names the period its country's scorecard shows. */
const PERIOD = '2026 1st Q';

let p: Platform;
let countries: string[];
let products: Record<string, string>;
let admin: { authorization: string };

beforeAll(async () => {
  p = await startPlatform();
  countries = await givenCountries(p, ['Ireland', 'France', 'Germany']);
  await givenPeriod(p, PERIOD, 'September 2026');
  // Ireland's and Germany's scorecards show that period; France is not scored
  await givenScorecard(p, countries[0], PERIOD, 'September 2026');
  await givenScorecard(p, countries[2], PERIOD, 'September 2026');
  await seedProducts(paymentDepsOf(p.commerce));
  admin = {
    authorization: `Bearer ${signTestToken({ sub: '00000000-0000-4000-8000-000000000001', isAdmin: true, roles: [RoleIds.Admin], name: 'Ada Admin' })}`,
  };
  const buyer = await givenUser(p, 'quicklist@example.com');
  products = (await p.commerce.inject({ method: 'GET', url: '/api/product/quicklist', headers: buyer.auth })).json();
});
afterAll(() => p.ctx.close());

/** The buyer's whole journey with the local provider: open checkout, confirm on the local page, complete. */
async function buy(user: SignedIn, productId: string, groupId?: string, periodId?: string): Promise<PaymentAnswer> {
  const start = await p.commerce.inject({
    method: 'POST',
    url: '/api/payment/checkout',
    headers: user.auth,
    payload: { productId, groupId, periodId },
  });
  expect(start.statusCode).toBe(200);
  const { sessionId, url, provider } = start.json();
  expect(provider).toBe('local');
  // the local provider's pages are this app's: the buyer stays on the origin in use
  expect(url).toBe(`/payment/local/${sessionId}`);
  const page = await p.commerce.inject({ method: 'GET', url: `/api/payment/local/${sessionId}`, headers: user.auth });
  expect(page.json()).toMatchObject({ status: 'open', cancelUrl: `/checkout/${productId}?cancelled=true` });
  const pay = await p.commerce.inject({ method: 'POST', url: `/api/payment/local/${sessionId}/pay`, headers: user.auth });
  expect(pay.statusCode).toBe(200);
  expect(pay.json().redirectUrl).toBe(`/checkout/${productId}?session_id=${sessionId}`);
  const done = await p.commerce.inject({
    method: 'POST',
    url: '/api/payment',
    headers: user.auth,
    payload: { details: { sessionId }, extra: { productId, groupId } },
  });
  expect(done.statusCode).toBe(200);
  return done.json();
}

const hasRole = (h: Awaited<ReturnType<typeof holdings>>, roleId: number) => h.roles.find((r) => r.roleId === roleId);

describe('per-country subscription through the local provider', () => {
  let buyer: SignedIn;
  let answer: PaymentAnswer;

  beforeAll(async () => {
    buyer = await givenUser(p, 'countries@example.com', { roles: ['Standard'] });
    answer = await buy(buyer, products['Per Country Subscription'], `${countries[0]},${countries[1]}`);
  });

  it('charges 2,000 USD per country and says the purchase changes roles', () => {
    expect(answer).toMatchObject({ amount: 4_000, updatesRole: true, grantsRoles: [RoleIds.CountryViewer] });
    expect([...answer.grantsGroups].sort()).toEqual([countries[0], countries[1]].sort());
  });

  it('grants CountryViewer of both countries for one year, visible after a session refresh', async () => {
    const h = await eventually(async () => {
      const now = await holdings(p, buyer.id);
      return hasRole(now, RoleIds.CountryViewer) && now.groupIds.length === 2 ? now : null;
    });
    const expires = Date.parse(hasRole(h, RoleIds.CountryViewer)!.expiresOn!);
    expect(Math.abs(expires - (Date.now() + year))).toBeLessThan(2 * 86_400_000);
    const refreshed = (
      await p.identity.inject({ method: 'POST', url: '/api/user/refresh', payload: { token: buyer.session.RefreshToken } })
    ).json();
    expect(refreshed.Roles).toContain(RoleIds.CountryViewer);
    expect(refreshed.Groups.map((g: { Id: string }) => g.Id).sort()).toEqual([countries[0], countries[1]].sort());
  });

  it('completing the same payment again (browser retry, provider notice) records one purchase', async () => {
    const session = await sql<{ providerSessionId: string }>`select provider_session_id from checkouts where user_id = ${buyer.id}`.execute(
      p.commerce.db,
    );
    const sessionId = session.rows[0].providerSessionId;
    const again = await Promise.all(
      Array.from({ length: 10 }, () =>
        p.commerce.inject({ method: 'POST', url: '/api/payment', headers: buyer.auth, payload: { details: { sessionId } } }),
      ),
    );
    expect(new Set(again.map((r) => r.json().purchaseId))).toEqual(new Set([answer.purchaseId]));
    expect((await outboxTypes(p.commerce)).filter((t) => t === 'evt.commerce.purchase.completed')).toHaveLength(1);
  });

  it('e-mails the buyer a receipt through identity’s mail adapter', async () => {
    const mail = await eventually(async () => {
      const box = (await p.identity.inject({ method: 'GET', url: '/api/mail/dev/messages?to=countries@example.com' })).json();
      return box.find((m: { Kind: string }) => m.Kind === 'purchase-receipt');
    });
    expect(mail.Subject).toMatch(/^Your purchase: (France, Ireland|Ireland, France) — per-country subscription/);
    expect(mail.Text).toContain('Amount: $4,000 (USD)');
    expect(mail.Text).toContain('http://cti.test/history');
  });

  it('sends one receipt when the purchase event is delivered again', async () => {
    const {
      rows: [completed],
    } = await sql<{
      payload: DomainEvent | string;
    }>`select payload from outbox where type = 'evt.commerce.purchase.completed' order by seq`.execute(p.commerce.db);
    const event = typeof completed.payload === 'string' ? (JSON.parse(completed.payload) as DomainEvent) : completed.payload;
    const receipts = receiptMailConsumer({ sendMail: identityReceiptMailer(p.commerce), publicUrl: p.commerce.config.PUBLIC_URL });
    await p.commerce.inTransaction((trx) => receipts.handle(event, trx));
    await p.commerce.inTransaction((trx) => receipts.handle(event, trx));
    const box: Array<{ Kind: string }> = (
      await p.identity.inject({ method: 'GET', url: '/api/mail/dev/messages?to=countries@example.com' })
    ).json();
    expect(box.filter((m) => m.Kind === 'purchase-receipt')).toHaveLength(1);
  });

  it('lists the purchase in the buyer’s history with the countries bought', async () => {
    const history: PurchaseHistoryRow[] = (await p.commerce.inject({ method: 'GET', url: '/api/purchase', headers: buyer.auth })).json();
    expect(history).toHaveLength(1);
    expect(history[0].Name).toMatch(/^(France, Ireland|Ireland, France) — per-country subscription$/);
    expect(Date.parse(history[0].Date)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('lists the countries owned with their renewal, and refuses to sell one of them again', async () => {
    const owned = (await p.commerce.inject({ method: 'GET', url: '/api/purchase/owned', headers: buyer.auth })).json();
    expect(owned.Countries.map((c: { Name: string }) => c.Name)).toEqual(['France', 'Ireland']);
    expect(owned.Countries[0]).toMatchObject({ Cancelled: false, EndsOn: null, RenewsOn: expect.any(String) });
    const again = await p.commerce.inject({
      method: 'POST',
      url: '/api/payment/checkout',
      headers: buyer.auth,
      payload: { productId: products['Per Country Subscription'], groupId: `${countries[2]},${countries[1]}` },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CommerceMessages.countryOwned('France'));
  });

  it('shows the subscription as ACTIVE with its renewal date to the buyer and to admins', async () => {
    const own: PaymentDetails = (await p.commerce.inject({ method: 'GET', url: '/api/user/paymentDetails', headers: buyer.auth })).json();
    expect(own.View).toBe('user');
    expect(own.Subscriptions).toHaveLength(1);
    expect(own.Subscriptions[0].Details).toMatchObject({
      status: 'ACTIVE',
      subscriberEmail: 'countries@example.com',
      lastPayment: { amount: 4_000, currency: 'USD' },
    });
    expect(own.Subscriptions[0].Details.nextBillingTime).toEqual(expect.any(String));
    const all = (await p.commerce.inject({ method: 'GET', url: '/api/user/paymentDetails/admin', headers: admin })).json();
    expect(all.find((s: { UserName: string }) => s.UserName === 'Test countries')).toMatchObject({ Organization: 'Buyer Org' });
    expect((await p.commerce.inject({ method: 'GET', url: '/api/user/paymentDetails/admin', headers: buyer.auth })).statusCode).toBe(403);
  });

  it('lists each user’s own subscriptions for My account, an admin’s included (not everyone’s)', async () => {
    const mine = (await p.commerce.inject({ method: 'GET', url: '/api/user/paymentDetails/mine', headers: buyer.auth })).json();
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ UserName: 'Test countries', Details: { status: 'ACTIVE' } });
    const adminsOwn = (await p.commerce.inject({ method: 'GET', url: '/api/user/paymentDetails/mine', headers: admin })).json();
    expect(adminsOwn).toEqual([]);
    expect((await p.commerce.inject({ method: 'GET', url: '/api/user/paymentDetails/mine' })).statusCode).toBe(401);
  });

  it('the admin refunds it from the purchase log: money back, subscription cancelled, roles gone', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const log: PurchaseLogRow[] = (
      await p.commerce.inject({ method: 'POST', url: '/api/report/purchase', headers: admin, payload: { start: today, end: today } })
    ).json();
    const row = log.find((r) => r.UserEmail === 'countries@example.com')!;
    expect(row).toMatchObject({ Price: 4_000, Refunds: [] });
    const refund = await p.commerce.inject({ method: 'GET', url: `/api/payment/refund/${row.TransactionId}`, headers: admin });
    expect(refund.json()).toEqual({ message: CommerceMessages.refundSucceeded });
    await eventually(async () => {
      const h = await holdings(p, buyer.id);
      return !hasRole(h, RoleIds.CountryViewer) && h.groupIds.length === 0;
    });
    // the Standard role the buyer had before is untouched
    expect(hasRole(await holdings(p, buyer.id), RoleIds.Standard)).toEqual({ roleId: RoleIds.Standard, expiresOn: null });
    const after: PurchaseLogRow[] = (
      await p.commerce.inject({ method: 'POST', url: '/api/report/purchase', headers: admin, payload: { start: today, end: today } })
    ).json();
    expect(after.find((r) => r.Id === row.Id)!.Refunds).toEqual([expect.objectContaining({ Amount: 4_000 })]);
    // the roles taken back end the buyer's sessions: they sign in again to see it
    const again = await signInAgainOnceNarrowed(p, buyer);
    const sub = (await p.commerce.inject({ method: 'GET', url: '/api/user/paymentDetails', headers: again.auth })).json().Subscriptions[0];
    expect(sub.Details.status).toBe('CANCELLED');
    expect(sub.Details.statusChangeNote).toBe('Refunded by Ada Admin');
    expect(sub.Details.nextBillingTime).toBeNull();
    // refunding again changes nothing more
    expect((await p.commerce.inject({ method: 'GET', url: `/api/payment/refund/${row.TransactionId}`, headers: admin })).statusCode).toBe(
      200,
    );
    const types = await outboxTypes(p.commerce);
    expect(types.filter((t) => t === 'evt.commerce.purchase.refunded')).toHaveLength(1);
    expect(types.filter((t) => t === 'evt.commerce.subscription.cancelled')).toHaveLength(1);
  });
});

describe('checkout validation', () => {
  let user: SignedIn;
  beforeAll(async () => {
    user = await givenUser(p, 'validation@example.com');
  });

  it('refuses a per-country purchase without a known country', async () => {
    for (const groupId of [undefined, '', 'not-a-country', `${countries[0]},00000000-0000-4000-8000-00000000dead`]) {
      const res = await p.commerce.inject({
        method: 'POST',
        url: '/api/payment/checkout',
        headers: user.auth,
        payload: { productId: products['Per Country Subscription'], groupId },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(CommerceMessages.countryRequired);
    }
  });

  it('answers "There is nothing in the cart." for an unknown or deleted product', async () => {
    const res = await p.commerce.inject({
      method: 'POST',
      url: '/api/payment/checkout',
      headers: user.auth,
      payload: { productId: 'nope' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(CommerceMessages.emptyCart);
  });

  it('does not complete a payment that was not confirmed, nor someone else’s', async () => {
    const start = (
      await p.commerce.inject({
        method: 'POST',
        url: '/api/payment/checkout',
        headers: user.auth,
        payload: { productId: products['CFT Download'], groupId: countries[0], periodId: PERIOD },
      })
    ).json();
    const early = await p.commerce.inject({
      method: 'POST',
      url: '/api/payment',
      headers: user.auth,
      payload: { details: { sessionId: start.sessionId } },
    });
    expect(early.statusCode).toBe(400);
    const other = await givenUser(p, 'intruder@example.com');
    expect(
      (await p.commerce.inject({ method: 'POST', url: `/api/payment/local/${start.sessionId}/pay`, headers: other.auth })).statusCode,
    ).toBe(404);
    const cancel = await p.commerce.inject({ method: 'POST', url: `/api/payment/local/${start.sessionId}/cancel`, headers: user.auth });
    expect(cancel.json().redirectUrl).toBe(`/checkout/${products['CFT Download']}?cancelled=true`);
    expect(
      (await p.commerce.inject({ method: 'POST', url: `/api/payment/local/${start.sessionId}/pay`, headers: user.auth })).statusCode,
    ).toBe(404);
  });

  it('needs a signed-in user', async () => {
    expect(
      (await p.commerce.inject({ method: 'POST', url: '/api/payment/checkout', payload: { productId: products['CFT Download'] } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('certified-for-transaction orders', () => {
  it('a single-country order grants no role: it names its country and period for the documents service', async () => {
    const user = await givenUser(p, 'cft@example.com', { roles: ['Standard'] });
    const quote = await p.commerce.inject({
      method: 'POST',
      url: '/api/payment/quote',
      headers: user.auth,
      payload: { productId: products['CFT Download'], groupId: countries[2], periodId: PERIOD },
    });
    // checkout names what is bought before the buyer pays
    expect(quote.json()).toMatchObject({
      Title: 'Germany — certified scorecard, September 2026',
      Amount: 500,
      Quantity: 1,
      Subscription: false,
    });
    const done = await buy(user, products['CFT Download'], countries[2], PERIOD);
    expect(done).toMatchObject({
      amount: 500,
      updatesRole: false,
      grantsRoles: [],
      grantsGroups: [],
      title: 'Germany — certified scorecard, September 2026',
      // My plan, where every buyer downloads it (a scorecard page may be closed to a free user)
      link: '/user/account#certified',
    });
    const [completed] = (await outboxData(p.commerce, 'evt.commerce.purchase.completed')).filter((d) => d.userId === user.id);
    expect(completed).toMatchObject({
      productName: 'CFT Download',
      grant: { roles: [], groupIds: [] },
      certifiedScorecard: { groupId: countries[2], periodId: PERIOD },
    });
    const history = (await p.commerce.inject({ method: 'GET', url: '/api/purchase', headers: user.auth })).json();
    expect(history[0]).toMatchObject({
      Name: 'Germany — certified scorecard, September 2026',
      Link: '/user/account#certified',
      Amount: 500,
      Currency: 'USD',
      TransactionId: done.transactionId,
      Refunded: false,
    });
    const owned = (await p.commerce.inject({ method: 'GET', url: '/api/purchase/owned', headers: user.auth })).json();
    expect(owned.CertifiedScorecards).toEqual([
      expect.objectContaining({ GroupId: countries[2], Country: 'Germany', PeriodId: PERIOD, Period: 'September 2026', Current: true }),
    ]);
    // identity saw the purchase and gave no package role for it
    const refreshed = await eventually(async () => {
      const s = (
        await p.identity.inject({ method: 'POST', url: '/api/user/refresh', payload: { token: user.session.RefreshToken } })
      ).json();
      return s.Roles ? s : null;
    });
    expect(refreshed.Roles).not.toContain(RoleIds.CFTPackage);
    expect(hasRole(await holdings(p, user.id), RoleIds.CFTPackage)).toBeUndefined();
    expect(
      (await p.commerce.inject({ method: 'GET', url: `/api/product/${products['CFT Download']}`, headers: user.auth })).json(),
    ).toMatchObject({ UpdatesRole: false, PerCountry: false });
  });

  it('needs exactly one known country and the period', async () => {
    const user = await givenUser(p, 'cft-validation@example.com');
    const order = (body: object) =>
      p.commerce.inject({
        method: 'POST',
        url: '/api/payment/checkout',
        headers: user.auth,
        payload: { productId: products['CFT Download'], ...body },
      });
    for (const groupId of [undefined, 'not-a-country', `${countries[0]},${countries[1]}`]) {
      const res = await order({ groupId, periodId: PERIOD });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(CommerceMessages.countryRequired);
    }
    const noPeriod = await order({ groupId: countries[0] });
    expect(noPeriod.statusCode).toBe(400);
    expect(noPeriod.json().message).toBe(CommerceMessages.periodRequired);
  });

  it('sells a certified scorecard for the period its country’s scorecard shows now only, and nothing already owned', async () => {
    const user = await givenUser(p, 'cft-periods@example.com', { roles: ['CountryRespondent'] });
    const order = (groupId: string, periodId: string, who = user) =>
      Promise.all(
        ['/api/payment/quote', '/api/payment/checkout'].map((url) =>
          p.commerce.inject({
            method: 'POST',
            url,
            headers: who.auth,
            payload: { productId: products['CFT Download'], groupId, periodId },
          }),
        ),
      );
    // an earlier period: the documents service certifies the scorecard as it is now, so it could not be delivered
    await givenPeriod(p, '2025 2nd Q', 'March 2025');
    for (const res of await order(countries[0], '2025 2nd Q')) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(CommerceMessages.certifiedPeriodNotDeliverable);
    }
    // a country without a score has no certified scorecard
    for (const res of await order(countries[1], PERIOD)) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(CommerceMessages.certifiedNotForSale);
    }
    expect(await sql`select 1 from checkouts where user_id = ${user.id}`.execute(p.commerce.db)).toMatchObject({ rows: [] });
    // the current period sells; the same order again is refused
    await buy(user, products['CFT Download'], countries[0], PERIOD);
    for (const res of await order(countries[0], PERIOD)) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(CommerceMessages.certifiedOwned);
    }
    // Enhanced includes every certified scorecard
    const enhanced = await givenUser(p, 'cft-enhanced@example.com', { roles: ['Enhanced'] });
    for (const res of await order(countries[0], PERIOD, enhanced)) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(CommerceMessages.certifiedIncluded);
    }
    // once the country is scored for a new period, the order bought stays listed, no longer current
    await givenPeriod(p, '2027 1st Q', 'March 2027');
    await givenScorecard(p, countries[0], '2027 1st Q', 'March 2027');
    const owned = (await p.commerce.inject({ method: 'GET', url: '/api/purchase/owned', headers: user.auth })).json();
    expect(owned.CertifiedScorecards).toEqual([
      expect.objectContaining({ GroupId: countries[0], Period: 'September 2026', Current: false }),
    ]);
    for (const res of await order(countries[0], PERIOD)) expect(res.json().message).toBe(CommerceMessages.certifiedPeriodNotDeliverable);
    expect((await order(countries[0], '2027 1st Q'))[0].statusCode).toBe(200);
  });

  it('the CFT package product grants CFTPackage for a year and takes it back when the year is over', async () => {
    const created = await p.commerce.inject({
      method: 'POST',
      url: '/api/product',
      headers: admin,
      payload: { Name: 'CFT Package', Description: 'Certified scorecards of every country for a year.', Price: 5_000 },
    });
    expect(created.json()).toMatchObject({ UpdatesRole: true });
    const user = await givenUser(p, 'cft-package@example.com', { roles: ['Standard'] });
    const done = await buy(user, created.json().Id);
    expect(done).toMatchObject({ updatesRole: true, grantsRoles: [RoleIds.CFTPackage] });
    await eventually(async () => hasRole(await holdings(p, user.id), RoleIds.CFTPackage));
    // a year and a day later
    await runBillingSweep(paymentDepsOf(p.commerce), new Date(Date.now() + year + 2 * 86_400_000));
    await eventually(async () => !hasRole(await holdings(p, user.id), RoleIds.CFTPackage));
    expect((await outboxTypes(p.commerce)).filter((t) => t === 'evt.commerce.purchase.expired').length).toBeGreaterThanOrEqual(1);
  });
});

describe('checkout from another host name of the installation', () => {
  it('keeps the local provider on the origin the buyer uses, whatever Host the request names', async () => {
    const user = await givenUser(p, 'loopback@example.com');
    const start = await p.commerce.inject({
      method: 'POST',
      url: '/api/payment/checkout',
      headers: { ...user.auth, 'x-forwarded-host': '127.0.0.1:8080', 'x-forwarded-proto': 'http' },
      payload: { productId: products['Standard Subscription'] },
    });
    const { sessionId, url } = start.json();
    expect(url).toBe(`/payment/local/${sessionId}`);
    const pay = await p.commerce.inject({ method: 'POST', url: `/api/payment/local/${sessionId}/pay`, headers: user.auth });
    expect(pay.json().redirectUrl).toBe(`/checkout/${products['Standard Subscription']}?session_id=${sessionId}`);
  });
});

describe('subscription lifecycle', () => {
  it('a cancelled subscription keeps its access to the end of the period, then identity takes it back', async () => {
    const user = await givenUser(p, 'cancel@example.com', { roles: ['CountryViewer'], groupIds: [countries[0]] });
    await buy(user, products['Per Country Subscription'], `${countries[0]},${countries[2]}`);
    await eventually(async () => (await holdings(p, user.id)).groupIds.length === 2);
    const sub = (await p.commerce.inject({ method: 'GET', url: '/api/user/paymentDetails', headers: user.auth })).json().Subscriptions[0];
    const other = await givenUser(p, 'stranger@example.com');
    expect((await p.commerce.inject({ method: 'GET', url: `/api/payment/unsubscribe/${sub.Id}`, headers: other.auth })).statusCode).toBe(
      403,
    );
    const cancel = await p.commerce.inject({ method: 'GET', url: `/api/payment/unsubscribe/${sub.SubscriptionId}`, headers: user.auth });
    expect(cancel.json()).toEqual({ message: CommerceMessages.cancelSucceeded });
    const listed = (await p.commerce.inject({ method: 'GET', url: '/api/user/paymentDetails', headers: user.auth })).json()
      .Subscriptions[0];
    expect(listed.Details.status).toBe('CANCELLED');
    expect(listed.Details.statusChangeNote).toMatch(/^Cancelled by Test cancel\. Access ends on \d{4}-\d{2}-\d{2}\.$/);
    expect(listed.Details.nextBillingTime).toBeNull();
    // access goes on until the period ends
    await runBillingSweep(paymentDepsOf(p.commerce), new Date());
    expect((await holdings(p, user.id)).groupIds).toHaveLength(2);
    await runBillingSweep(paymentDepsOf(p.commerce), new Date(Date.now() + year + 86_400_000));
    // the country the user belonged to before buying stays; the bought one goes; CountryViewer stays (held before)
    await eventually(async () => {
      const h = await holdings(p, user.id);
      return h.groupIds.length === 1 && h.groupIds[0] === countries[0] && hasRole(h, RoleIds.CountryViewer)?.expiresOn === null;
    });
  });

  it('a subscription that is not cancelled renews for another year with a new payment', async () => {
    const user = await givenUser(p, 'renew@example.com', { roles: ['Standard'] });
    await buy(user, products['Enhanced Subscription']);
    const first = await eventually(async () => hasRole(await holdings(p, user.id), RoleIds.Enhanced));
    await runBillingSweep(paymentDepsOf(p.commerce), new Date(Date.now() + year + 86_400_000));
    await eventually(async () => {
      const now = hasRole(await holdings(p, user.id), RoleIds.Enhanced);
      return now && Date.parse(now.expiresOn!) > Date.parse(first.expiresOn!) + year / 2;
    });
    const history = (await p.commerce.inject({ method: 'GET', url: '/api/purchase', headers: user.auth })).json();
    expect(history.map((h: PurchaseHistoryRow) => h.Name)).toEqual(['Enhanced Subscription', 'Enhanced Subscription']);
  });

  it('moves from standard to enhanced after the subscriber approves on the provider’s page', async () => {
    const user = await givenUser(p, 'upgrade@example.com', { roles: ['CountryRespondent'] });
    await buy(user, products['Standard Subscription']);
    await eventually(async () => hasRole(await holdings(p, user.id), RoleIds.Standard));
    // a second plan at full price, or the same plan twice, is refused at checkout: the upgrade charges only the difference
    for (const [product, message] of [
      [products['Enhanced Subscription'], CommerceMessages.upgradeInstead],
      [products['Standard Subscription'], CommerceMessages.planOwned],
    ]) {
      const twice = await p.commerce.inject({
        method: 'POST',
        url: '/api/payment/checkout',
        headers: user.auth,
        payload: { productId: product },
      });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe(message);
    }
    const { Subscriptions } = (await p.commerce.inject({ method: 'GET', url: '/api/user/paymentDetails', headers: user.auth })).json();
    const sub = Subscriptions[0];
    const enhanced = (
      await p.commerce.inject({ method: 'GET', url: `/api/product/${products['Enhanced Subscription']}`, headers: user.auth })
    ).json();
    const perCountry = (
      await p.commerce.inject({ method: 'GET', url: `/api/product/${products['Per Country Subscription']}`, headers: user.auth })
    ).json();
    const refused = await p.commerce.inject({
      method: 'POST',
      url: `/api/payment/upgrade/${sub.Id}`,
      headers: user.auth,
      payload: { planId: perCountry.planId },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().name).toBe('UNPROCESSABLE_ENTITY');
    const res = await p.commerce.inject({
      method: 'POST',
      url: `/api/payment/upgrade/${sub.Id}`,
      headers: user.auth,
      payload: { planId: enhanced.planId },
    });
    expect(res.statusCode).toBe(200);
    const approve = res.json().links.find((l: { rel: string }) => l.rel === 'approve');
    const changeId = approve.href.split('/').pop();
    expect(approve.href).toBe(`/payment/local/approve/${changeId}`);
    const page = (await p.commerce.inject({ method: 'GET', url: `/api/payment/local/approve/${changeId}`, headers: user.auth })).json();
    expect(page).toMatchObject({ status: 'open', fromPlan: 'Standard Subscription', toPlan: 'Enhanced Subscription' });
    const approved = await p.commerce.inject({ method: 'POST', url: `/api/payment/local/approve/${changeId}`, headers: user.auth });
    expect(approved.json().redirectUrl).toBe('/user/account');
    await eventually(async () => {
      const h = await holdings(p, user.id);
      return hasRole(h, RoleIds.Enhanced) && !hasRole(h, RoleIds.Standard) && hasRole(h, RoleIds.CountryRespondent);
    });
    // the change took Standard away: tokens issued before it are void on every service, so sign in again (the web refreshes)
    await eventually(
      async () => (await p.commerce.inject({ method: 'GET', url: '/api/user/paymentDetails', headers: user.auth })).statusCode === 401,
    );
    const renewed = await signIn(p, 'upgrade@example.com', user.id);
    const listed = (await p.commerce.inject({ method: 'GET', url: '/api/user/paymentDetails', headers: renewed.auth })).json()
      .Subscriptions[0];
    expect(listed).toMatchObject({ Name: 'Enhanced Subscription', ProductId: products['Enhanced Subscription'] });
  });

  it('group managers see the subscriptions of their group’s members', async () => {
    const member = await givenUser(p, 'member-of-ireland@example.com', { roles: ['CountryViewer'], groupIds: [countries[0]] });
    await buy(member, products['Standard Subscription']);
    const manager = await givenUser(p, 'manager-of-ireland@example.com', {
      roles: ['CountryViewer'],
      groupIds: [countries[0]],
      isGroupManager: true,
    });
    const seen: PaymentDetails = (
      await p.commerce.inject({ method: 'GET', url: '/api/user/paymentDetails', headers: manager.auth })
    ).json();
    expect(seen.View).toBe('groupManager');
    expect(seen.Subscriptions.map((s) => s.Details.subscriberEmail)).toContain('member-of-ireland@example.com');
    const outsider = await givenUser(p, 'manager-of-france@example.com', {
      roles: ['CountryViewer'],
      groupIds: [countries[1]],
      isGroupManager: true,
    });
    const notSeen: PaymentDetails = (
      await p.commerce.inject({ method: 'GET', url: '/api/user/paymentDetails', headers: outsider.auth })
    ).json();
    expect(notSeen.Subscriptions.map((s) => s.Details.subscriberEmail)).not.toContain('member-of-ireland@example.com');
  });
});

describe('carbon-calculator payment check', () => {
  it('names the last payer of the user’s organization and when the access ends', async () => {
    const payer = await givenUser(p, 'acc-payer@example.com', { organization: 'Carbon Lessors' });
    const create = await p.commerce.inject({
      method: 'POST',
      url: '/api/product',
      headers: admin,
      payload: { Name: 'Carbon Calculator Access', Description: 'ACC', Price: 1_000 },
    });
    await buy(payer, create.json().Id);
    const colleague = await givenUser(p, 'acc-colleague@example.com', { organization: 'Carbon Lessors' });
    const check = (await p.commerce.inject({ method: 'GET', url: '/api/user/check/payments/acc', headers: colleague.auth })).json();
    expect(check).toMatchObject({ HasAccess: false, LastPayer: 'Test acc-payer', SubscriberEmail: 'acc-payer@example.com' });
    expect(Date.parse(check.ExpiresOn)).toBeGreaterThan(Date.now() + year / 2);
    const refreshed = await eventually(async () => {
      const s = await signIn(p, 'acc-payer@example.com');
      return s.session.Roles.includes(RoleIds.ACCFullAccess) ? s : null;
    });
    expect(
      (await p.commerce.inject({ method: 'GET', url: '/api/user/check/payments/acc', headers: refreshed.auth })).json().HasAccess,
    ).toBe(true);
  });
});

describe('what a purchase is called', () => {
  it('names a one-country purchase by its country first, opening its scorecard (the thank-you page’s button)', async () => {
    const one = await buy(await givenUser(p, 'one-country@example.com'), products['Per Country Subscription'], countries[2]);
    expect(one).toMatchObject({ title: 'Germany — per-country subscription', link: `/index/${countries[2]}` });
  });
});
