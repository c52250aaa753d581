import type { CertifiedScorecardOrder, NewEvent } from '@cti/contracts';
import { appendToOutbox } from '@cti/service-kit';
import { eventually } from '@cti/testing';

import { as, startDocuments, type DocumentsTestBed } from '../support/documents-kit';
import { StandInService } from '../support/stand-in-service';

const KENYA = '22222222-2222-4222-8222-222222222222';
const CHINA = '44444444-4444-4444-8444-444444444444';
const BUYER = 'buyer-standard';

/** What scoring's scorecards show: Kenya and China, each in its current period. */
const current: Record<string, { Name: string; Period: string; PeriodId: string }> = {
  [KENYA]: { Name: 'Kenya', Period: '2026 1st Q', PeriodId: 'period-1' },
  [CHINA]: { Name: 'China', Period: '2026 1st Q', PeriodId: 'period-1' },
};

let bed: DocumentsTestBed;
let scoring: StandInService;

beforeAll(async () => {
  scoring = new StandInService((method, path) => {
    const [, groupId, html] = /^\/internal\/scorecards\/([^/?]+)(\/html)?/.exec(path) ?? [];
    const card = groupId ? current[groupId] : undefined;
    if (method !== 'GET' || !card) return undefined;
    if (html) return { type: 'text/html', body: `<!doctype html><html><body><h1>${card.Name} scorecard</h1></body></html>` };
    return { body: { GroupId: groupId, Score: 70, Category: 'Medium', ...card } };
  });
  bed = await startDocuments({ SCORING_URL: await scoring.start() });
});
afterAll(async () => {
  await bed.close();
  await scoring.stop();
});

const buyer = () => as(['Standard'], { sub: BUYER, name: 'Sam Standard' });
const download = (groupId: string, headers = buyer()) => bed.app.inject({ method: 'GET', url: `/api/print/cft/${groupId}`, headers });
const orders = async (headers = buyer()) =>
  (await bed.app.inject({ method: 'GET', url: '/api/print/cft/orders', headers })).json() as CertifiedScorecardOrder[];
/** Publishes a commerce event and waits until documents' order consumer has handled it. */
async function handled(event: NewEvent): Promise<void> {
  const { id } = await bed.app.inTransaction((trx) => appendToOutbox(trx, event));
  await eventually(
    () =>
      bed.app.db
        .selectFrom('processedEvents')
        .select('eventId')
        .where('consumer', '=', 'documents-orders')
        .where('eventId', '=', id)
        .executeTakeFirst(),
    15_000,
  );
}
const orderRow = (purchaseId: string) =>
  bed.app.db.selectFrom('certifiedScorecardOrders').selectAll().where('purchaseId', '=', purchaseId).executeTakeFirst();

/** commerce's purchase event of a single-country certified-scorecard order (or of another product). */
const completed = (purchaseId: string, order: { groupId: string; periodId: string } | null, productName = 'CFT Download'): NewEvent => ({
  type: 'evt.commerce.purchase.completed',
  actor: null,
  data: {
    purchaseId,
    userId: BUYER,
    productId: 'product-cft',
    productName,
    amountCents: 50_000,
    currency: 'USD',
    transactionId: `tx-${purchaseId}`,
    grant: { roles: order ? [] : ['CFTPackage'], groupIds: [], expiresOn: null },
    subscriptionId: null,
    groupId: order?.groupId ?? null,
    periodId: order?.periodId ?? null,
    certifiedScorecard: order,
  },
});
const refunded = (purchaseId: string): NewEvent => ({
  type: 'evt.commerce.purchase.refunded',
  actor: null,
  data: {
    purchaseId,
    userId: BUYER,
    productName: 'CFT Download',
    amountCents: 50_000,
    transactionId: `tx-${purchaseId}`,
    grant: { roles: [], groupIds: [], expiresOn: null },
    subscriptionId: null,
  },
});

describe('a single-country certified-scorecard order (GET api/print/cft/{groupId})', () => {
  it('is needed by a Standard user, who is refused before anything is asked of scoring or rendered', async () => {
    const before = scoring.calls.length;
    const res = await download(KENYA);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Your order does not include the certified scorecard of this country for its current period.');
    expect(scoring.calls.length).toBe(before);
    expect(await orders()).toEqual([]);
  });

  it("unlocks the ordered country's certified scorecard, and no other country's", async () => {
    await handled(completed('order-kenya', { groupId: KENYA, periodId: 'period-1' }));
    const kenya = await download(KENYA);
    expect(kenya.statusCode).toBe(200);
    expect(kenya.headers['content-disposition']).toContain('Kenya Certified Scorecard 2026 1st Q.pdf');
    expect((await download(CHINA)).statusCode).toBe(403);
    expect(await orders()).toEqual([{ GroupId: KENYA, PeriodId: 'period-1', PurchasedOn: expect.any(String) }]);
    // someone else gains nothing from the buyer's order
    expect((await download(KENYA, as(['Standard'], { sub: 'another-user' }))).statusCode).toBe(403);
  });

  it('unlocks the period it was ordered in only: a newer scorecard must be ordered again', async () => {
    current[KENYA] = { Name: 'Kenya', Period: '2026 2nd Q', PeriodId: 'period-2' };
    try {
      expect((await download(KENYA)).statusCode).toBe(403);
    } finally {
      current[KENYA] = { Name: 'Kenya', Period: '2026 1st Q', PeriodId: 'period-1' };
    }
  });

  it('is taken back by a refund', async () => {
    await handled(refunded('order-kenya'));
    expect((await download(KENYA)).statusCode).toBe(403);
    expect(await orders()).toEqual([]);
  });

  it('stays revoked when the refund is seen before the order', async () => {
    await handled(refunded('order-china'));
    await handled(completed('order-china', { groupId: CHINA, periodId: 'period-1' }));
    expect(await orderRow('order-china')).toMatchObject({ revokedBecause: 'refunded' });
    expect((await download(CHINA)).statusCode).toBe(403);
  });

  it('is not made of other purchases (the package product grants its role through identity instead)', async () => {
    await handled(completed('package', null, 'CFT Package'));
    expect(await orderRow('package')).toBeUndefined();
  });
});
