import type { AppRoute } from '../../app/route-types';

/** Accounts and access (accounts-and-access.md): password flows, free access, users, groups, access requests, my account, dev mailbox. */
export const accountsRoutes: AppRoute[] = [];
