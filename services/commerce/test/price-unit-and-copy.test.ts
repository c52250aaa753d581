import { RoleIds } from '@cti/access';
import { CommerceMessages, type Product } from '@cti/contracts';
import { signTestToken, serviceUnderTest } from '@cti/testing';

import { commerceService, paymentDepsOf } from '../src/app';
import { DEMO_PRODUCTS, seedProducts } from '../src/seed/seed-products';

const commerce = serviceUnderTest(commerceService, { env: { DEMO_DATA: 'true' } });
const admin = () => ({
  authorization: `Bearer ${signTestToken({ sub: '00000000-0000-4000-8000-00000000000a', isAdmin: true, roles: [RoleIds.Admin] })}`,
});

const save = (payload: object) => commerce.app.inject({ method: 'POST', url: '/api/product', headers: admin(), payload });

describe('amounts are US dollars in the API, as the spec says; cents stay inside', () => {
  it('answers and takes Price in dollars with at most two decimals, and keeps integer cents in its table', async () => {
    const res = await save({ Name: 'Country Brief', Description: 'One PDF', Price: 2_500 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Name: 'Country Brief', Price: 2_500 });
    expect(res.json()).not.toHaveProperty('PriceCents');
    const edited = await save({ Id: res.json().Id, Name: 'Country Brief', Description: 'One PDF', Price: 19.99 });
    expect(edited.json()).toMatchObject({ Price: 19.99 });
    const row = await commerce.app.db.selectFrom('products').select('priceCents').where('id', '=', res.json().Id).executeTakeFirstOrThrow();
    expect(row.priceCents).toBe(1_999);
    const tooFine = await save({ Name: 'Tenth of a cent', Description: '', Price: 19.999 });
    expect(tooFine.statusCode).toBe(400);
    expect(tooFine.json().message).toBe(CommerceMessages.priceInvalid);
    const none = await save({ Name: 'No price', Description: '' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(CommerceMessages.fillAllFields);
    const list: Product[] = (await commerce.app.inject({ method: 'GET', url: '/api/product', headers: admin() })).json();
    expect(list.find((p) => p.Name === 'Enhanced Subscription')!.Price).toBe(20_000);
  });

  it('documents every amount as US dollars in the OpenAPI schema', async () => {
    const doc = (await commerce.app.inject({ method: 'GET', url: '/documentation/json' })).json();
    const json = (op: { responses: Record<string, { content: Record<string, { schema: any }> }> }) =>
      op.responses['200'].content['application/json'].schema;
    const product = json(doc.paths['/api/product/{id}'].get);
    expect(product.properties.Price).toMatchObject({ type: 'number', description: expect.stringContaining('US dollars') });
    expect(product.properties).not.toHaveProperty('PriceCents');
    const log = json(doc.paths['/api/report/purchase'].post);
    expect(log.items.properties.Price.description).toContain('US dollars');
    expect(log.items.properties.Refunds.items.properties.Amount.description).toContain('US dollars');
    const details = JSON.stringify(json(doc.paths['/api/user/paymentDetails'].get));
    expect(details).toMatch(/"amount":\{"type":"number","minimum":0,"description":"The last payment\. In US dollars/);
    const quote = json(doc.paths['/api/payment/quote'].post);
    expect(quote.properties.Amount.description).toContain('US dollars');
    const body = doc.paths['/api/product'].post.requestBody.content['application/json'].schema;
    expect(body.properties.Price.description).toContain('US dollars');
    expect(JSON.stringify(doc)).not.toMatch(/US cents/);
  });
});

describe('the Standard product copy matches its permissions', () => {
  it('promises no supporting documents and names what Standard does not include', async () => {
    const list: Product[] = (await commerce.app.inject({ method: 'GET', url: '/api/product', headers: admin() })).json();
    const standard = list.find((p) => p.Name === 'Standard Subscription')!;
    expect(standard.Description).not.toMatch(/and supporting document/i);
    expect(standard.Description).toContain('supporting-document downloads');
    expect(standard.Description).toContain('Not included');
  });

  it('corrects the earlier demo text when seeding again, and leaves an admin’s own text alone', async () => {
    const db = commerce.app.db;
    const old = DEMO_PRODUCTS.find((p) => p.name === 'Standard Subscription')!;
    await db
      .updateTable('products')
      .set({ description: 'replaces' in old ? old.replaces : '' })
      .where('name', '=', old.name)
      .execute();
    await db.updateTable('products').set({ description: 'Our own words.' }).where('name', '=', 'Enhanced Subscription').execute();
    await seedProducts(paymentDepsOf(commerce.app));
    const rows = await db.selectFrom('products').select(['name', 'description']).execute();
    expect(rows.find((r) => r.name === 'Standard Subscription')!.description).toBe(old.description);
    expect(rows.find((r) => r.name === 'Enhanced Subscription')!.description).toBe('Our own words.');
  });
});
