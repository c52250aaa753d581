import { findCountry } from '../countries/repository';
import type { ScoringExecutor } from '../db';
import { findPeriod, findQuestionnaire } from '../periods/repository';
import { findComplianceScores, findEnforceabilityScores } from '../scores/repository';
import { recordComplianceScores, type SaveOptions } from '../scores/save-compliance';
import { recordEnforceability } from '../scores/save-enforceability';

import { demoComplianceScores, demoEnforceabilityScores } from './demo-scores';

/**
 * Demo scores for one questionnaire of the demo seed, saved through the product's own
 * use-cases (so they publish their events): compliance inputs for contracting states,
 * an enforceability record for the others. Scores already there are left alone.
 */
export async function seedDemoScores(trx: ScoringExecutor, questionnaireId: string, options: SaveOptions): Promise<void> {
  const questionnaire = await findQuestionnaire(trx, questionnaireId);
  if (!questionnaire || questionnaire.status !== 'Open') return;
  const [country, period] = await Promise.all([findCountry(trx, questionnaire.groupId), findPeriod(trx, questionnaire.periodId)]);
  if (!country || !period) return;
  if (country.contracting) {
    if (await findComplianceScores(trx, questionnaireId)) return;
    const scores = demoComplianceScores(country, period.name);
    if (scores) await recordComplianceScores(trx, { Id: questionnaireId, ...scores }, null, options);
  } else {
    if (await findEnforceabilityScores(trx, country.groupId, period.periodId)) return;
    await recordEnforceability(
      trx,
      { GroupId: country.groupId, PeriodId: period.periodId, ...demoEnforceabilityScores(country, period.name) },
      null,
      options,
    );
  }
}
