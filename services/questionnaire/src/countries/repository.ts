import { upsert } from '@cti/db';

import type { QuestionnaireExecutor } from '../db';

/** Keeps a user's name and e-mail (and organization, when the event carries one) in the directory projection. */
export async function upsertDirectoryUser(
  trx: QuestionnaireExecutor,
  user: { userId: string; email: string; name: string; organization: string },
): Promise<void> {
  const { email, name, organization } = user;
  await upsert(trx, 'directoryUsers', user, ['userId'], organization ? { email, name, organization } : { email, name }).execute();
}
