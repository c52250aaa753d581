import { serviceCaller, serviceUnderTest } from '@cti/testing';

import { identityService } from '../src/app';

import { givenGroup, givenUser } from './helpers';

const identity = serviceUnderTest(identityService);
let userId: string;
let groupId: string;

beforeAll(async () => {
  groupId = await givenGroup(identity.app, 'Ireland', 'Country', 'IE');
  userId = await givenUser(identity.app, 'subscriber@example.com', { groupIds: [groupId], organization: 'Lessor Ltd' });
});

describe('GET /internal/users/:id', () => {
  it('answers the user with organization and groups to other services', async () => {
    const res = await identity.app.inject({ method: 'GET', url: `/internal/users/${userId}`, headers: serviceCaller });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      Id: userId,
      Email: 'subscriber@example.com',
      Name: 'Test subscriber',
      FirstName: 'Test',
      LastName: 'subscriber',
      OrganizationName: 'Lessor Ltd',
      Groups: [{ Id: groupId, Name: 'Ireland' }],
    });
  });

  it('answers 404 for an unknown id and 403 without the service token', async () => {
    expect(
      (await identity.app.inject({ method: 'GET', url: '/internal/users/00000000-0000-0000-0000-000000000000', headers: serviceCaller }))
        .statusCode,
    ).toBe(404);
    expect((await identity.app.inject({ method: 'GET', url: '/internal/users/not-a-uuid', headers: serviceCaller })).statusCode).toBe(404);
    expect((await identity.app.inject({ method: 'GET', url: `/internal/users/${userId}` })).statusCode).toBe(403);
  });

  it('looks up many users at once', async () => {
    const res = await identity.app.inject({
      method: 'POST',
      url: '/internal/users/lookup',
      headers: serviceCaller,
      payload: { ids: [userId, 'junk'] },
    });
    expect(res.json().map((u: { Email: string }) => u.Email)).toEqual(['subscriber@example.com']);
  });
});
