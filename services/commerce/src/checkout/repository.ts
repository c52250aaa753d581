import { insertOnce, type Insertable, type Selectable } from '@cti/db';

import type { CheckoutsTable, CommerceExecutor } from '../db';

export type CheckoutRow = Selectable<CheckoutsTable>;

export const findCheckout = (db: CommerceExecutor, id: string) =>
  db.selectFrom('checkouts').selectAll().where('id', '=', id).executeTakeFirst();

export const findCheckoutBySession = (db: CommerceExecutor, providerSessionId: string) =>
  db.selectFrom('checkouts').selectAll().where('providerSessionId', '=', providerSessionId).executeTakeFirst();

/** The checkout a provider session was opened for: by the session's id, or by our id the session carries. */
export const findCheckoutOfSession = (db: CommerceExecutor, providerSessionId: string, checkoutId: string | null) =>
  db
    .selectFrom('checkouts')
    .selectAll()
    .where((eb) => eb.or([eb('providerSessionId', '=', providerSessionId), ...(checkoutId ? [eb('id', '=', checkoutId)] : [])]))
    .executeTakeFirst();

export const insertCheckout = (db: CommerceExecutor, values: Insertable<CheckoutsTable>) =>
  db.insertInto('checkouts').values(values).returning('id').executeTakeFirstOrThrow();

export const setProviderSession = (db: CommerceExecutor, checkoutId: string, providerSessionId: string) =>
  db.updateTable('checkouts').set({ providerSessionId }).where('id', '=', checkoutId).execute();

/** An open checkout becomes completed (once). */
export const markCheckoutCompleted = (db: CommerceExecutor, checkoutId: string, completedAt: string) =>
  db.updateTable('checkouts').set({ status: 'completed', completedAt }).where('id', '=', checkoutId).where('status', '=', 'open').execute();

/** The provider's customer remembered for a user. */
export const findCustomerId = async (db: CommerceExecutor, userId: string, provider: string) =>
  (await db.selectFrom('customers').select('customerId').where('userId', '=', userId).where('provider', '=', provider).executeTakeFirst())
    ?.customerId;

export const rememberCustomer = (db: CommerceExecutor, userId: string, provider: string, customerId: string) =>
  insertOnce(db, 'customers', { userId, provider, customerId }, 'userId', 'provider').execute();
