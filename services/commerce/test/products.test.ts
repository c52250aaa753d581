import { RoleIds } from '@cti/access';
import { CommerceMessages, type Product } from '@cti/contracts';
import { signTestToken, serviceUnderTest } from '@cti/testing';

import { commerceService } from '../src/app';

import { outboxTypes } from './support';

const commerce = serviceUnderTest(commerceService, { env: { DEMO_DATA: 'true' } });
const admin = () => ({
  authorization: `Bearer ${signTestToken({ sub: '00000000-0000-4000-8000-00000000000a', isAdmin: true, roles: [RoleIds.Admin] })}`,
});
/** An admin, but not of the vendor's domain (the demo vendor domain is example.com). */
const otherAdmin = () => ({
  authorization: `Bearer ${signTestToken({
    sub: '00000000-0000-4000-8000-00000000000c',
    email: 'ops@partner.example',
    isAdmin: true,
    roles: [RoleIds.Admin],
  })}`,
});
const buyer = () => ({
  authorization: `Bearer ${signTestToken({ sub: '00000000-0000-4000-8000-00000000000b', roles: [RoleIds.Standard] })}`,
});

const save = (payload: object, headers = admin()) => commerce.app.inject({ method: 'POST', url: '/api/product', headers, payload });

describe('demo products', () => {
  it('are the spec’s subscriptions, priced in US dollars, with yearly plans, and a CFT Download product', async () => {
    const list: Product[] = (await commerce.app.inject({ method: 'GET', url: '/api/product', headers: buyer() })).json();
    const byName = Object.fromEntries(list.map((p) => [p.Name, p]));
    expect(byName['Enhanced Subscription']).toMatchObject({
      Price: 20_000,
      UpdatesRole: true,
      PerCountry: false,
      planId: expect.any(String),
    });
    expect(byName['Standard Subscription']).toMatchObject({ Price: 10_000, planId: expect.any(String) });
    expect(byName['Per Country Subscription']).toMatchObject({ Price: 2_000, PerCountry: true, planId: expect.any(String) });
    expect(byName['CFT Download']).toMatchObject({ planId: null, UpdatesRole: false });
    const quick = (await commerce.app.inject({ method: 'GET', url: '/api/product/quicklist', headers: buyer() })).json();
    expect(quick['CFT Download']).toBe(byName['CFT Download'].Id);
  });
});

describe('public offers', () => {
  it('answers the pricing page’s four offers with their prices, without sign-in', async () => {
    const res = await commerce.app.inject({ method: 'GET', url: '/api/product/offers' });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .map((o: { Kind: string; Price: number; Subscription: boolean }) => [o.Kind, o.Price, o.Subscription])
        .sort(),
    ).toEqual([
      ['Certified', 500, false],
      ['Country', 2_000, true],
      ['Enhanced', 20_000, true],
      ['Standard', 10_000, true],
    ]);
  });
});

describe('products admin', () => {
  it('adds, edits, deletes and restores a product, each recorded as an event', async () => {
    const added = await save({ Name: 'Annual Report', Description: 'PDF', Price: 123.45 });
    expect(added.statusCode).toBe(200);
    const product: Product = added.json();
    expect(product).toMatchObject({ Name: 'Annual Report', Price: 123.45, planId: null, Deleted: false, UpdatesRole: false });
    const edited: Product = (await save({ Id: product.Id, Name: 'Annual Report 2026', Description: 'PDF', Price: 150 })).json();
    expect(edited).toMatchObject({ Id: product.Id, Name: 'Annual Report 2026', Price: 150 });
    const deleted = await commerce.app.inject({ method: 'DELETE', url: `/api/product/${product.Id}`, headers: admin() });
    expect(deleted.json().Deleted).toBe(true);
    // buyers no longer see it; admins see it in the deleted table
    expect(
      (await commerce.app.inject({ method: 'GET', url: '/api/product', headers: buyer() })).json().map((p: Product) => p.Id),
    ).not.toContain(product.Id);
    expect((await commerce.app.inject({ method: 'GET', url: `/api/product/${product.Id}`, headers: buyer() })).statusCode).toBe(404);
    expect(
      (await commerce.app.inject({ method: 'GET', url: '/api/product', headers: admin() })).json().find((p: Product) => p.Id === product.Id)
        .Deleted,
    ).toBe(true);
    expect(
      (await commerce.app.inject({ method: 'GET', url: '/api/product/quicklist', headers: buyer() })).json()['Annual Report 2026'],
    ).toBeUndefined();
    const restored = await commerce.app.inject({ method: 'DELETE', url: `/api/product/${product.Id}/restore`, headers: admin() });
    expect(restored.json().Deleted).toBe(false);
    const types = await outboxTypes(commerce.app);
    for (const t of ['evt.commerce.product.saved', 'evt.commerce.product.deleted', 'evt.commerce.product.restored'])
      expect(types).toContain(t);
  });

  it('creates and removes a plan (local provider)', async () => {
    const product: Product = (await save({ Name: 'Quarterly Briefing', Description: '', Price: 50 })).json();
    const plan = (
      await commerce.app.inject({ method: 'POST', url: '/api/payment/plan/new', headers: admin(), payload: { productId: product.Id } })
    ).json();
    expect(plan.planId).toMatch(/^lpl_/);
    expect((await commerce.app.inject({ method: 'GET', url: `/api/product/${product.Id}`, headers: admin() })).json().planId).toBe(
      plan.planId,
    );
    expect(
      (
        await commerce.app.inject({ method: 'POST', url: '/api/payment/plan/remove', headers: admin(), payload: { productId: product.Id } })
      ).json(),
    ).toEqual({ planId: null });
    expect((await commerce.app.inject({ method: 'GET', url: `/api/product/${product.Id}`, headers: admin() })).json().planId).toBeNull();
  });

  it('refuses incomplete products and duplicate names', async () => {
    const empty = await save({ Name: '  ', Description: '', Price: 100 });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(CommerceMessages.fillAllFields);
    expect((await save({ Name: 'Negative', Description: '', Price: -1 })).statusCode).toBe(400);
    expect((await save({ Name: 'cft download', Description: '', Price: 1 })).statusCode).toBe(409);
    const unknownPlan = await commerce.app.inject({
      method: 'POST',
      url: '/api/payment/plan/new',
      headers: admin(),
      payload: { productId: 'missing' },
    });
    expect(unknownPlan.statusCode).toBe(404);
  });

  it('compares names as stored (normalised, case folded by Postgres): the same name twice is a 409, never a 500', async () => {
    const first = await save({ Name: 'p\u00d2\u0087x', Description: '', Price: 100 });
    expect(first.statusCode).toBe(200);
    // control characters and invisible marks are not part of the name
    expect(first.json().Name).toBe('pÒx');
    for (const Name of ['p\u00d2\u0087x', 'PÒX', ' p\u200bÒx ', 'pO\u0300x'])
      expect([Name, (await save({ Name, Description: '', Price: 100 })).statusCode]).toEqual([Name, 409]);
  });

  it('limits names and descriptions: a 900 KB name is a 400 naming the field, never a 500', async () => {
    const huge = await save({ Name: 'n'.repeat(900 * 1024), Description: '', Price: 100 });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toMatch(/Name/);
    expect((await save({ Name: 'Long description', Description: 'd'.repeat(10_001), Price: 100 })).statusCode).toBe(400);
    expect((await save({ Name: 'n'.repeat(200), Description: 'd'.repeat(10_000), Price: 100 })).statusCode).toBe(200);
  });

  it('is for admins only', async () => {
    expect((await save({ Name: 'Sneaky', Description: '', Price: 1 }, buyer())).statusCode).toBe(403);
    const list: Product[] = (await commerce.app.inject({ method: 'GET', url: '/api/product', headers: buyer() })).json();
    expect((await commerce.app.inject({ method: 'DELETE', url: `/api/product/${list[0].Id}`, headers: buyer() })).statusCode).toBe(403);
    expect(
      (await commerce.app.inject({ method: 'POST', url: '/api/payment/plan/new', headers: buyer(), payload: { productId: list[0].Id } }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await commerce.app.inject({
          method: 'POST',
          url: '/api/report/purchase',
          headers: buyer(),
          payload: { start: '2026-01-01', end: '2026-01-31' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await commerce.app.inject({ method: 'GET', url: '/api/payment/refund/pi_x', headers: buyer() })).statusCode).toBe(403);
  });

  it('changes products and plans only for admins of the vendor domain (Manage Products)', async () => {
    const list: Product[] = (await commerce.app.inject({ method: 'GET', url: '/api/product', headers: admin() })).json();
    const id = list[0].Id;
    const refused = [
      await save({ Name: 'Partner Product', Description: '', Price: 1 }, otherAdmin()),
      await save({ Id: id, Name: list[0].Name, Description: 'changed by a partner admin', Price: 1 }, otherAdmin()),
      await commerce.app.inject({ method: 'DELETE', url: `/api/product/${id}`, headers: otherAdmin() }),
      await commerce.app.inject({ method: 'DELETE', url: `/api/product/${id}/restore`, headers: otherAdmin() }),
      await commerce.app.inject({ method: 'POST', url: '/api/payment/plan/new', headers: otherAdmin(), payload: { productId: id } }),
      await commerce.app.inject({ method: 'POST', url: '/api/payment/plan/remove', headers: otherAdmin(), payload: { productId: id } }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403, 403]);
    // the refusal says what is missing, not a bare "no permission"
    for (const r of refused) expect(r.json().message).toBe(CommerceMessages.manageProductsOnly);
    expect((await commerce.app.inject({ method: 'GET', url: `/api/product/${id}`, headers: admin() })).json()).toEqual(list[0]);
    // the partner admin still reads the catalogue and keeps every other admin page
    expect((await commerce.app.inject({ method: 'GET', url: '/api/product', headers: otherAdmin() })).statusCode).toBe(200);
    expect(
      (
        await commerce.app.inject({
          method: 'POST',
          url: '/api/report/purchase',
          headers: otherAdmin(),
          payload: { start: '2026-01-01', end: '2026-01-31' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('shows withdrawn products only to product managers, not to an admin outside the vendor domain', async () => {
    const withdrawn = (await save({ Name: 'Withdrawn Product', Description: '', Price: 5 })).json() as Product;
    expect((await commerce.app.inject({ method: 'DELETE', url: `/api/product/${withdrawn.Id}`, headers: admin() })).statusCode).toBe(200);
    const names = async (headers: Record<string, string>) =>
      ((await commerce.app.inject({ method: 'GET', url: '/api/product', headers })).json() as Product[]).map((p) => p.Name);
    expect(await names(admin())).toContain('Withdrawn Product');
    expect(await names(otherAdmin())).not.toContain('Withdrawn Product');
    expect(await names(buyer())).not.toContain('Withdrawn Product');
    expect((await commerce.app.inject({ method: 'GET', url: `/api/product/${withdrawn.Id}`, headers: otherAdmin() })).statusCode).toBe(404);
    expect((await commerce.app.inject({ method: 'GET', url: `/api/product/${withdrawn.Id}`, headers: admin() })).statusCode).toBe(200);
  });
});
