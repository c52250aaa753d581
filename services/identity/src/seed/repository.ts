import type { IdentityExecutor } from '../db';

/** Whether an access request of this type from this address is already on file. */
export async function accessRequestExists(db: IdentityExecutor, email: string, type: string): Promise<boolean> {
  const row = await db.selectFrom('accessRequests').select('id').where('email', '=', email).where('type', '=', type).executeTakeFirst();
  return !!row;
}
