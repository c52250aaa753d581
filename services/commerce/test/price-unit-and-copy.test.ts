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

describe('prices name their unit in the contract', () => {
  it('answers PriceCents (and the same cents under Price) and takes PriceCents when saving', async () => {
    const res = await save({ Name: 'Country Brief', Description: 'One PDF', PriceCents: 250_000 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Name: 'Country Brief', PriceCents: 250_000, Price: 250_000 });
    // an older client's Price is still read, in the same cents
    const edited = await save({ Id: res.json().Id, Name: 'Country Brief', Description: 'One PDF', Price: 300_000 });
    expect(edited.json()).toMatchObject({ PriceCents: 300_000 });
    const none = await save({ Name: 'No price', Description: '' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(CommerceMessages.fillAllFields);
  });

  it('documents every amount as integer US cents in the OpenAPI schema', async () => {
    const doc = (await commerce.app.inject({ method: 'GET', url: '/documentation/json' })).json();
    const product = doc.paths['/api/product/{id}'].get.responses['200'].content['application/json'].schema;
    expect(product.properties.PriceCents).toMatchObject({ type: 'integer', description: expect.stringContaining('US cents') });
    expect(product.properties.Price).toMatchObject({ deprecated: true, description: expect.stringContaining('US cents') });
    const log = doc.paths['/api/report/purchase'].post.responses['200'].content['application/json'].schema;
    expect(log.items.properties.Price.description).toContain('US cents');
    const body = doc.paths['/api/product'].post.requestBody.content['application/json'].schema;
    expect(body.properties.PriceCents.description).toContain('US cents');
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
