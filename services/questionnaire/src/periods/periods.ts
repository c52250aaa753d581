import type { Period } from '@cti/contracts';
import { NotFound } from '@cti/service-kit';

import type { QuestionnaireExecutor } from '../db';
import { currentPeriod } from '../questionnaires/repository';

import { allPeriods } from './repository';

const periodOf = (p: { id: string; name: string; createdAt: string }): Period => ({ Id: p.id, Name: p.name, Created: p.createdAt });

/** GET api/period: the Period Manager's list, the current period first. */
export const periodList = async (db: QuestionnaireExecutor): Promise<Period[]> => (await allPeriods(db)).map(periodOf);

/** GET api/period/currentPeriod: the latest period (404 before the first one). */
export async function theCurrentPeriod(db: QuestionnaireExecutor): Promise<Period> {
  const period = await currentPeriod(db);
  if (!period) throw new NotFound('There is no current period.');
  return periodOf(period);
}
