import { randomUUID } from 'node:crypto';

import { RoleIds } from '@cti/access';
import type { DomainEvent, ManagedUser } from '@cti/contracts';
import { fixedClock } from '@cti/service-kit';
import { serviceUnderTest } from '@cti/testing';

import { identityService } from '../src/app';
import { editGroup } from '../src/groups/manage-groups';
import { handleCommerceEvent } from '../src/purchases/purchase-grants';

import { bearer, givenGroup, givenUser, sessionOf } from './helpers';

// a time the wall clock is never at while the tests run
const FIXED = '2031-05-06T07:08:09.000Z';

const identity = serviceUnderTest(identityService, { clock: fixedClock(FIXED) });

describe("identity's use-cases read the time from the service's clock", () => {
  it('stores the time of agreeing to the terms as the clock gives it, not the wall clock', async () => {
    const userId = await givenUser(identity.app, 'agrees@example.com', { mustAgree: true });
    const session = await sessionOf(identity.app, 'agrees@example.com');
    expect((await identity.app.inject({ method: 'GET', url: '/api/user/agree', headers: bearer(session) })).statusCode).toBe(200);
    const row = await identity.app.db
      .selectFrom('users')
      .select(['agreedCtcAt', 'updatedAt'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(new Date(row.agreedCtcAt!).toISOString()).toBe(FIXED);
    expect(new Date(row.updatedAt).toISOString()).toBe(FIXED);
  });

  it("stamps an edited group's updatedAt with the clock's time", async () => {
    const groupId = await givenGroup(identity.app, 'Clockland', 'AWG Member');
    await editGroup(identity.app, null, { Id: groupId, Name: 'Clockland Renamed', Type: 'AWG Member' });
    const row = await identity.app.db.selectFrom('groups').select('updatedAt').where('id', '=', groupId).executeTakeFirstOrThrow();
    expect(new Date(row.updatedAt).toISOString()).toBe(FIXED);
  });

  it("shows a user's roles as active or expired by the clock's time, not the wall clock's", async () => {
    // both ends lie ahead of the wall clock; only the clock tells them apart
    const userId = await givenUser(identity.app, 'role-ends@example.com', { roles: ['Standard', 'CountryViewer'] });
    const endOf = (roleId: number, expiresOn: string) =>
      identity.app.db.updateTable('userRoles').set({ expiresOn }).where('userId', '=', userId).where('roleId', '=', roleId).execute();
    await endOf(RoleIds.Standard, '2031-05-01T23:59:59.999Z');
    await endOf(RoleIds.CountryViewer, '2031-06-01T23:59:59.999Z');
    const session = await sessionOf(identity.app, 'role-ends@example.com');
    const res = await identity.app.inject({ method: 'GET', url: `/api/user/${userId}`, headers: bearer(session) });
    expect(res.statusCode).toBe(200);
    const user = res.json<ManagedUser>();
    expect(user.Roles.map((r) => r.Id)).toEqual([RoleIds.CountryViewer]);
    expect(user.ExpiredRoles).toEqual([{ Id: RoleIds.Standard, Name: 'Standard', ExpiresOn: '2031-05-01T23:59:59.999Z' }]);
  });

  it("makes a password-reset link expire RESET_TOKEN_TTL_MINUTES after the clock's time", async () => {
    const userId = await givenUser(identity.app, 'resets@example.com');
    const res = await identity.app.inject({ method: 'POST', url: '/api/user/forgotPassword/resets@example.com' });
    expect(res.statusCode).toBe(200);
    const token = await identity.app.db
      .selectFrom('userTokens')
      .select('expiresAt')
      .where('userId', '=', userId)
      .where('purpose', '=', 'reset')
      .executeTakeFirstOrThrow();
    expect(new Date(token.expiresAt).toISOString()).toBe(new Date(Date.parse(FIXED) + 60 * 60_000).toISOString());
  });

  it("records a free user's agreement and confirmation link by the clock's time", async () => {
    const res = await identity.app.inject({
      method: 'POST',
      url: '/api/freeUser/access/free-clock@example.com',
      payload: { Email: 'free-clock@example.com', Name: 'Free Clock', Company: 'Clock Co' },
    });
    expect(res.statusCode).toBe(202);
    const user = await identity.app.db
      .selectFrom('users')
      .innerJoin('userTokens', 'userTokens.userId', 'users.id')
      .select(['users.agreedCtcAt', 'userTokens.expiresAt'])
      .where('users.email', '=', 'free-clock@example.com')
      .where('userTokens.purpose', '=', 'free-confirm')
      .executeTakeFirstOrThrow();
    expect(new Date(user.agreedCtcAt!).toISOString()).toBe(FIXED);
    expect(new Date(user.expiresAt).toISOString()).toBe(new Date(Date.parse(FIXED) + 24 * 3_600_000).toISOString());
  });

  it("grants nothing for a purchase whose access ended before the clock's time", async () => {
    const userId = await givenUser(identity.app, 'late-buyer@example.com', { roles: ['Standard'] });
    const ended = { roles: ['Enhanced'], groupIds: [], expiresOn: '2031-05-01T00:00:00.000Z' };
    await identity.app.inTransaction((trx) =>
      handleCommerceEvent(
        {
          id: randomUUID(),
          type: 'evt.commerce.purchase.completed',
          occurredAt: FIXED,
          actor: null,
          data: {
            purchaseId: randomUUID(),
            userId,
            productId: 'p',
            productName: 'Enhanced',
            amountCents: 100,
            currency: 'USD',
            transactionId: 'pi_1',
            grant: ended,
            subscriptionId: null,
          },
        } as DomainEvent,
        trx,
        identity.app.clock.now(),
      ),
    );
    const roles = await identity.app.db.selectFrom('userRoles').select('roleId').where('userId', '=', userId).execute();
    expect(roles.map((r) => r.roleId)).not.toContain(RoleIds.Enhanced);
  });
});
