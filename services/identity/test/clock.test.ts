import { fixedClock, type ServiceApp } from '@cti/service-kit';
import { createTestContext, type TestContext } from '@cti/testing';

import { identityService } from '../src/app';
import type { IdentityDB } from '../src/db';
import { editGroup } from '../src/groups/manage-groups';

import { bearer, givenGroup, givenUser, sessionOf } from './helpers';

// a time the wall clock is never at while the tests run
const FIXED = '2031-05-06T07:08:09.000Z';

let ctx: TestContext;
let app: ServiceApp<IdentityDB>;

beforeAll(async () => {
  ctx = await createTestContext();
  app = await ctx.start(identityService, {}, { clock: fixedClock(FIXED) });
});
afterAll(() => ctx.close());

describe("identity's use-cases read the time from the service's clock", () => {
  it('stores the time of agreeing to the terms as the clock gives it, not the wall clock', async () => {
    const userId = await givenUser(app, 'agrees@example.com', { mustAgree: true });
    const session = await sessionOf(app, 'agrees@example.com');
    expect((await app.inject({ method: 'GET', url: '/api/user/agree', headers: bearer(session) })).statusCode).toBe(200);
    const row = await app.db.selectFrom('users').select(['agreedCtcAt', 'updatedAt']).where('id', '=', userId).executeTakeFirstOrThrow();
    expect(new Date(row.agreedCtcAt!).toISOString()).toBe(FIXED);
    expect(new Date(row.updatedAt).toISOString()).toBe(FIXED);
  });

  it("stamps an edited group's updatedAt with the clock's time", async () => {
    const groupId = await givenGroup(app, 'Clockland', 'AWG Member');
    await editGroup(app, null, { Id: groupId, Name: 'Clockland Renamed', Type: 'AWG Member' });
    const row = await app.db.selectFrom('groups').select('updatedAt').where('id', '=', groupId).executeTakeFirstOrThrow();
    expect(new Date(row.updatedAt).toISOString()).toBe(FIXED);
  });
});
