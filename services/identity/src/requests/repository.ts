import type { IdentityExecutor } from '../db';

/** Access requests (all, or these), newest first, with the name of the manager who asked for an external one. */
export async function accessRequestRows(db: IdentityExecutor, ids?: readonly string[]) {
  let query = db
    .selectFrom('accessRequests')
    .leftJoin('users as manager', 'manager.id', 'accessRequests.userManagerId')
    .selectAll('accessRequests')
    .select('manager.name as managerName')
    .orderBy('accessRequests.createdAt', 'desc');
  if (ids) query = query.where('accessRequests.id', 'in', [...ids]);
  return query.execute();
}

/** The users of these requests, each request's in their order (the primary contact first). */
export const usersOfRequests = (db: IdentityExecutor, requestIds: readonly string[]) =>
  db
    .selectFrom('accessRequestUsers')
    .selectAll()
    .where('requestId', 'in', [...requestIds])
    .orderBy('position')
    .execute();

export interface AccessRequestFields {
  email: string;
  type: string;
  organization: string;
  organizationAddress: string;
  reasoning: string;
  name: string;
  title: string;
  expires: string | null;
  userManagerId: string | null;
}

/** Files a request (In Progress) with its users (the primary contact first); answers its id. */
export async function insertAccessRequest(
  db: IdentityExecutor,
  request: AccessRequestFields,
  users: ReadonlyArray<{ email: string; name: string; title: string; isPrimary: boolean }>,
): Promise<string> {
  const { id } = await db
    .insertInto('accessRequests')
    .values({ ...request, decidedAt: null, decidedBy: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('accessRequestUsers')
    .values(users.map((u, position) => ({ requestId: id, ...u, position })))
    .execute();
  return id;
}

/** The request, locked until the deciding transaction ends (two admins cannot both decide it). */
export const lockAccessRequest = (trx: IdentityExecutor, id: string) =>
  trx.selectFrom('accessRequests').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

/** Records the decision on a request: its status, who decided and when (`at`). */
export async function markDecided(trx: IdentityExecutor, id: string, decision: { status: string; decidedBy: string }, at: Date) {
  await trx
    .updateTable('accessRequests')
    .set({ ...decision, decidedAt: at.toISOString() })
    .where('id', '=', id)
    .execute();
}

/** The end of an external representative's access, as the approval set it. */
export async function setRequestExpiry(trx: IdentityExecutor, id: string, expires: string): Promise<void> {
  await trx.updateTable('accessRequests').set({ expires }).where('id', '=', id).execute();
}
