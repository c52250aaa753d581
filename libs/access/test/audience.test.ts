import { audienceOf, RoleIds, type Principal } from '@cti/access';

const member: Principal = {
  roles: [RoleIds.AWGMember, RoleIds.Standard],
  groups: ['g-ie', 'g-fr'],
  isAdmin: false,
  isGroupManager: false,
  isAcid: false,
  email: 'member@example.com',
  free: false,
};

describe('audienceOf: the key a shared cache may keep an answer under', () => {
  it('is the same for principals alike but for their e-mail and the order or repetition of their roles and groups', () => {
    const other = {
      ...member,
      email: 'other@example.org',
      roles: [RoleIds.Standard, RoleIds.AWGMember, RoleIds.Standard],
      groups: ['g-fr', 'g-ie'],
    };
    expect(audienceOf(other)).toBe(audienceOf(member));
  });

  it.each<[string, Partial<Principal>]>([
    ['a role more', { roles: [...member.roles, RoleIds.Enhanced] }],
    ['a role fewer', { roles: [RoleIds.Standard] }],
    ['another group', { groups: ['g-ie', 'g-de'] }],
    ['no group', { groups: [] }],
    ['the admin flag', { isAdmin: true }],
    ['the group manager flag', { isGroupManager: true }],
    ['the ACID flag', { isAcid: true }],
    ['free access', { free: true }],
  ])('differs with %s', (_what, change) => {
    expect(audienceOf({ ...member, ...change })).not.toBe(audienceOf(member));
  });

  it('cannot be forged by a group id that looks like a list', () => {
    const two = { ...member, groups: ['a', 'b'] };
    const one = { ...member, groups: ['a","b'] };
    expect(audienceOf(one)).not.toBe(audienceOf(two));
  });
});
