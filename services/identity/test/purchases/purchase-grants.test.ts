import { randomUUID } from 'node:crypto';

import { RoleIds, type RoleName } from '@cti/access';
import type { DomainEvent } from '@cti/contracts';
import { sql } from '@cti/db';
import { serviceUnderTest } from '@cti/testing';

import { identityService } from '../../src/app';
import { createGroup } from '../../src/groups/create-group';
import { handleCommerceEvent } from '../../src/purchases/purchase-grants';
import { createUser } from '../../src/users/create-user';

const identity = serviceUnderTest(identityService);
let ireland: string;
let france: string;
let clock = Date.now();

beforeAll(async () => {
  ireland = await identity.app.inTransaction((trx) => createGroup(trx, { name: 'Ireland', type: 'Country', countryId: 'IE' }, null));
  france = await identity.app.inTransaction((trx) => createGroup(trx, { name: 'France', type: 'Country', countryId: 'FR' }, null));
});

const user = (email: string, roles: RoleName[], groupIds: string[] = []) =>
  identity.app.inTransaction((trx) =>
    createUser(
      trx,
      { email, password: null, firstName: 'T', lastName: email, roleIds: roles.map((r) => RoleIds[r]), groupIds },
      null,
      identity.app.clock.now(),
    ),
  );

/** Delivers a commerce event to the consumer as the durable consumer would, in one transaction. */
const deliver = (type: string, data: object, occurredAt = new Date((clock += 1000)).toISOString()) =>
  identity.app.inTransaction((trx) =>
    handleCommerceEvent({ id: randomUUID(), type, occurredAt, actor: null, data } as DomainEvent, trx, identity.app.clock.now()),
  );

const inAYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString();
const grant = (roles: string[], groupIds: string[] = [], expiresOn: string | null = inAYear()) => ({ roles, groupIds, expiresOn });
const completed = (userId: string, purchaseId: string, g: ReturnType<typeof grant>, subscriptionId: string | null = null) => ({
  purchaseId,
  userId,
  productId: 'p',
  productName: 'Product',
  amountCents: 100,
  currency: 'USD',
  transactionId: `pi_${purchaseId}`,
  grant: g,
  subscriptionId,
});
const refunded = (userId: string, purchaseId: string, subscriptionId: string | null = null) => ({
  purchaseId,
  userId,
  productName: 'Product',
  amountCents: 100,
  transactionId: `pi_${purchaseId}`,
  grant: grant([]),
  subscriptionId,
});

async function holdings(userId: string) {
  const roles = await sql<{
    roleId: number;
    expiresOn: string | null;
  }>`select role_id, expires_on from user_roles where user_id = ${userId} order by role_id`.execute(identity.app.db);
  const groups = await sql<{ groupId: string }>`select group_id from user_groups where user_id = ${userId} order by group_id`.execute(
    identity.app.db,
  );
  return { roles: Object.fromEntries(roles.rows.map((r) => [r.roleId, r.expiresOn])), groups: groups.rows.map((g) => g.groupId) };
}

describe('purchase grants', () => {
  it('grants roles and countries with the expiry, and takes back only what the purchase added', async () => {
    const id = await user('base@example.com', ['Standard'], [ireland]);
    await deliver('evt.commerce.purchase.completed', completed(id, 'a', grant(['CountryViewer', 'Standard'], [ireland, france])));
    const granted = await holdings(id);
    expect(granted.roles[RoleIds.CountryViewer]).toEqual(expect.any(String));
    expect(granted.roles[RoleIds.Standard]).toBeNull(); // held without end before: stays without end
    expect(granted.groups.sort()).toEqual([ireland, france].sort());
    await deliver('evt.commerce.purchase.refunded', refunded(id, 'a'));
    const after = await holdings(id);
    expect(after.roles).toEqual({ [RoleIds.Standard]: null });
    expect(after.groups).toEqual([ireland]);
  });

  it('keeps a role while another purchase still grants it, with the later end', async () => {
    const id = await user('two@example.com', []);
    const later = new Date(Date.now() + 500 * 86_400_000).toISOString();
    await deliver('evt.commerce.purchase.completed', completed(id, 'b1', grant(['CountryViewer'], [ireland])));
    await deliver('evt.commerce.purchase.completed', completed(id, 'b2', grant(['CountryViewer'], [france], later)));
    expect((await holdings(id)).roles[RoleIds.CountryViewer]).toBe(later);
    await deliver('evt.commerce.purchase.refunded', refunded(id, 'b2'));
    const h = await holdings(id);
    expect(Date.parse(h.roles[RoleIds.CountryViewer]!)).toBeLessThan(Date.parse(later));
    expect(h.groups).toEqual([ireland]);
    await deliver('evt.commerce.purchase.expired', { purchaseId: 'b1', userId: id, productName: 'Product', grant: grant([]) });
    expect(await holdings(id)).toEqual({ roles: {}, groups: [] });
  });

  it('a subscription’s renewal and plan change replace its grant; its end takes it all back', async () => {
    const id = await user('sub@example.com', ['CountryRespondent']);
    await deliver('evt.commerce.purchase.completed', completed(id, 'c1', grant(['Standard']), 'sub-c'));
    await deliver('evt.commerce.subscription.planChanged', {
      subscriptionId: 'sub-c',
      userId: id,
      fromProductName: 'Standard',
      productName: 'Enhanced',
      grant: grant(['Enhanced']),
    });
    const changed = await holdings(id);
    expect(Object.keys(changed.roles).map(Number).sort()).toEqual([RoleIds.Enhanced, RoleIds.CountryRespondent].sort());
    await deliver('evt.commerce.subscription.cancelled', {
      subscriptionId: 'sub-c',
      userId: id,
      productName: 'Enhanced',
      reason: 'Cancelled',
      endsOn: new Date().toISOString(),
      grant: grant([]),
    });
    expect((await holdings(id)).roles).toEqual({ [RoleIds.CountryRespondent]: null });
  });

  it('ignores a grant that arrives after its refund, and a notice older than the one applied', async () => {
    const id = await user('late@example.com', []);
    const early = new Date((clock += 1000)).toISOString();
    await deliver('evt.commerce.purchase.refunded', refunded(id, 'd'));
    await deliver('evt.commerce.purchase.completed', completed(id, 'd', grant(['Enhanced'])), early);
    expect((await holdings(id)).roles).toEqual({});

    await deliver('evt.commerce.subscription.planChanged', {
      subscriptionId: 'sub-e',
      userId: id,
      fromProductName: 'Standard',
      productName: 'Enhanced',
      grant: grant(['Enhanced']),
    });
    await deliver(
      'evt.commerce.purchase.completed',
      completed(id, 'e0', grant(['Standard']), 'sub-e'),
      new Date(clock - 60_000).toISOString(),
    );
    expect(Object.keys((await holdings(id)).roles).map(Number)).toEqual([RoleIds.Enhanced]);
  });

  it('records each change of roles for the audit log', async () => {
    const id = await user('audit@example.com', []);
    await deliver('evt.commerce.purchase.completed', { ...completed(id, 'f', grant(['CFTPackage'])), productName: 'CFT Download' });
    const rows = await sql<{
      payload: { data: { reason: string; roles: number[] } };
    }>`select payload from outbox where type = 'evt.identity.user.rolesChanged' and payload->'data'->>'userId' = ${id}`.execute(
      identity.app.db,
    );
    expect(rows.rows.map((r) => r.payload.data)).toEqual([
      expect.objectContaining({ reason: 'Purchased CFT Download', roles: [RoleIds.CFTPackage] }),
    ]);
  });
});
