import { RoleIds } from '@cti/access';
import type { AccessClaims } from '@cti/contracts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@cti/demo-data';
import type { ServiceApp } from '@cti/service-kit';
import { signTestToken } from '@cti/testing';

/** Who calls: nobody, another service (service token, no user), or a demo user. */
export type Caller =
  { name: 'anonymous'; kind: 'anonymous' } | { name: 'service'; kind: 'service' } | { name: string; kind: 'user'; claims: AccessClaims };

/** The demo account's name in the matrix: the local part of its e-mail (`admin`, `respondent2`). */
export const callerNameOf = (email: string) => email.split('@')[0];

/** The claims inside a token identity issued (its payload, which identity signed). */
function claimsIn(token: string): AccessClaims {
  const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as AccessClaims & Record<string, unknown>;
  const { iat: _iat, exp: _exp, iss: _iss, aud: _aud, ...claims } = payload;
  return claims;
}

/**
 * Every demo account signed in through identity's own login (its demo data seeded), plus a
 * free user (free access needs an e-mail round trip; its claims are those identity gives
 * free users), anonymous, and a service caller.
 */
export async function demoCallers(identity: ServiceApp): Promise<Caller[]> {
  const users: Caller[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const res = await identity.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { Email: account.email, Password: DEMO_PASSWORD },
    });
    if (res.statusCode !== 200) throw new Error(`demo login of ${account.email} failed: ${res.statusCode} ${res.body}`);
    users.push({ name: callerNameOf(account.email), kind: 'user', claims: claimsIn((res.json() as { Token: string }).Token) });
  }
  return withOtherCallers(users);
}

/**
 * The demo accounts' roles and flags without identity's demo data (no countries, so no
 * group memberships): for tests that need each kind of caller but not the demo world.
 */
export function demoRoleCallers(): Caller[] {
  return withOtherCallers(
    DEMO_ACCOUNTS.map((account, i) => ({
      name: callerNameOf(account.email),
      kind: 'user' as const,
      claims: {
        sub: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
        email: account.email,
        name: `${account.firstName} ${account.lastName}`,
        roles: account.roles.map((r) => RoleIds[r]),
        groups: [],
        groupNames: [],
        isAdmin: account.roles.includes('Admin'),
        isGroupManager: account.isGroupManager ?? false,
        isAcid: account.isAcid ?? false,
        free: false,
        organization: account.organization,
      },
    })),
  );
}

/** Anonymous and a service before the users; a free user after them. */
function withOtherCallers(users: Caller[]): Caller[] {
  const free: AccessClaims = {
    sub: '00000000-0000-4000-8000-0000000f4ee0',
    email: 'visitor@example.net',
    name: 'Free Visitor',
    roles: [RoleIds.FreeAccess],
    groups: [],
    groupNames: [],
    isAdmin: false,
    isGroupManager: false,
    isAcid: false,
    free: true,
    organization: 'Visiting Company',
  };
  return [
    { name: 'anonymous', kind: 'anonymous' },
    { name: 'service', kind: 'service' },
    ...users,
    { name: 'free', kind: 'user', claims: free },
  ];
}

/**
 * Headers of one request by the caller. Users get a freshly signed token of their claims
 * each time, so a route that ends a session (logout, password change) cannot spoil the
 * caller's later requests.
 */
export function headersOf(caller: Caller, serviceToken: string): Record<string, string> {
  switch (caller.kind) {
    case 'anonymous':
      return {};
    case 'service':
      return { 'x-service-token': serviceToken };
    case 'user':
      return { authorization: `Bearer ${signTestToken(caller.claims)}` };
  }
}
