import { RoleIds } from '@cti/access';
import { DEMO_ACCOUNTS, DEMO_COUNTRIES, DEMO_PASSWORD, flagPath } from '@cti/demo-data';
import type { DataAccess } from '@cti/service-kit';

import { findUserByEmail, markAgreedToTerms } from '../accounts/repository';
import type { IdentityDB } from '../db';
import { createGroup } from '../groups/create-group';
import { findGroupByName } from '../groups/repository';
import { createAccessRequest } from '../requests/access-requests';
import { createUser } from '../users/create-user';

import { accessRequestExists } from './repository';

/** Groups without a country: calculator (ACC) groups and the working group's members. */
const DEMO_OTHER_GROUPS = [
  { name: 'AWG Members', type: 'AWG Member' as const },
  { name: 'Demo Lessors ACC', type: 'ACC Group' as const },
  { name: 'Demo Airlines ACC', type: 'ACC Group' as const },
];

/** Regular access requests waiting in the queue, so the approval flow can be tried. */
const DEMO_REQUESTS = [
  {
    email: 'new.lessor@example.org',
    type: 'Compliance Index',
    organization: 'Harbour Aircraft Leasing',
    organizationAddress: '1 Harbour Road, Dublin',
    reasoning: 'We lease aircraft into several contracting states and want the country scorecards.',
    name: 'Lena Lessor',
    title: 'Head of Legal',
    extraUsers: [{ email: 'analyst@example.org', name: 'Andy Analyst', title: 'Analyst' }],
  },
  {
    email: 'carbon.buyer@example.net',
    type: 'Carbon Calculator',
    organization: 'Green Fleet Finance',
    organizationAddress: '20 Quay Street, Amsterdam',
    reasoning: 'We want to try the carbon calculator for our portfolio.',
    name: 'Cara Carbon',
    title: 'Sustainability Lead',
  },
];

/**
 * Demo countries and one account per kind of user, created through the same
 * use-cases as the product (so their events reach the other services). Running it
 * again changes nothing.
 */
export async function seedDemoData(data: DataAccess<IdentityDB>): Promise<void> {
  const db = data.db;
  for (const country of DEMO_COUNTRIES) {
    if (await findGroupByName(db, country.name)) continue;
    await data.inTransaction((trx) =>
      createGroup(
        trx,
        { name: country.name, type: 'Country', countryId: country.code.toUpperCase(), logoPath: flagPath(country.code) },
        null,
      ),
    );
  }
  for (const group of DEMO_OTHER_GROUPS) {
    if (await findGroupByName(db, group.name)) continue;
    await data.inTransaction((trx) => createGroup(trx, { name: group.name, type: group.type }, null));
  }
  for (const account of DEMO_ACCOUNTS) {
    if (await findUserByEmail(db, account.email)) continue;
    const groupIds: string[] = [];
    for (const name of account.groups) {
      const group = await findGroupByName(db, name);
      if (group) groupIds.push(group.id);
    }
    await data.inTransaction(async (trx) => {
      const userId = await createUser(
        trx,
        {
          email: account.email,
          password: DEMO_PASSWORD,
          firstName: account.firstName,
          lastName: account.lastName,
          organizationName: account.organization,
          organizationAddress: 'Demo address',
          roleIds: account.roles.map((r) => RoleIds[r]),
          groupIds,
          isGroupManager: account.isGroupManager ?? false,
          isAcid: account.isAcid ?? false,
        },
        null,
        data.clock.now(),
      );
      // demo accounts have already agreed to the terms
      await markAgreedToTerms(trx, userId, data.clock.now());
    });
  }
  for (const request of DEMO_REQUESTS) {
    if (await accessRequestExists(db, request.email, request.type)) continue;
    await data.inTransaction((trx) => createAccessRequest(trx, request, null));
  }
}
