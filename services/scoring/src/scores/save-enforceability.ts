import type { EnforceabilityScoring, EventActor, SaveEnforceabilityBody } from '@cti/contracts';
import { ScoringMessages } from '@cti/contracts';
import { ENFORCEABILITY_VARIABLES, enforceabilityCategory, enforceabilityScore } from '@cti/scoring-rules';
import { appendToOutbox, BadRequest, Conflict, NotFound } from '@cti/service-kit';

import { inWriteTransaction, type ScoringWriteDeps, type TraceContext } from '../context';
import { findCountry } from '../countries/repository';
import type { ScoringExecutor } from '../db';
import { findPeriod, findQuestionnaire, findQuestionnaireOf } from '../periods/repository';
import { rebuildReadModels } from '../read-models/rebuild';

import { enforceabilityScoringOf } from './inputs';
import { findEnforceabilityScores, upsertEnforceabilityScores } from './repository';
import { sanitizeRichText } from './sanitize';
import type { SaveOptions } from './save-compliance';
import { requireInputs } from './validate';

/**
 * Saves a country's enforceability record for a period (POST api/questionnaire/enforceability/save)
 * in a transaction of its own that continues the request's trace; see `recordEnforceability`.
 */
export async function saveEnforceability(
  deps: ScoringWriteDeps,
  context: TraceContext,
  body: SaveEnforceabilityBody,
  actor: EventActor | null,
): Promise<EnforceabilityScoring> {
  return inWriteTransaction(deps, context, (trx) => recordEnforceability(trx, body, actor, { settings: deps.settings }));
}

/**
 * Records a country's enforceability record for a period, in the caller's transaction.
 * A QuestionnaireId, when sent, must name that country's questionnaire of that period.
 * Score and Category are computed here; records `evt.scoring.enforceability.saved`.
 */
export async function recordEnforceability(
  trx: ScoringExecutor,
  body: SaveEnforceabilityBody,
  actor: EventActor | null,
  options: SaveOptions,
): Promise<EnforceabilityScoring> {
  const [country, period, questionnaire] = await Promise.all([
    findCountry(trx, body.GroupId),
    findPeriod(trx, body.PeriodId),
    body.QuestionnaireId === undefined
      ? findQuestionnaireOf(trx, body.GroupId, body.PeriodId)
      : findQuestionnaire(trx, body.QuestionnaireId),
  ]);
  if (body.QuestionnaireId !== undefined) {
    // the editor of one questionnaire must not write another country's (or period's) record
    if (!questionnaire) throw new NotFound('Questionnaire not found.');
    if (questionnaire.groupId !== body.GroupId || questionnaire.periodId !== body.PeriodId)
      throw new BadRequest(ScoringMessages.enforceabilityMismatch);
  }
  if (!country) throw new NotFound(ScoringMessages.countryFailed);
  if (!period) throw new NotFound('Period not found.');
  if (questionnaire?.status === 'Closed') throw new Conflict(ScoringMessages.closed);
  const inputs = requireInputs(body, ENFORCEABILITY_VARIABLES);
  const score = enforceabilityScore(inputs);
  const category = enforceabilityCategory(score);
  await upsertEnforceabilityScores(trx, {
    groupId: country.groupId,
    periodId: period.periodId,
    a: inputs.A,
    b: inputs.B,
    c: inputs.C,
    d: inputs.D,
    explanatoryComments: sanitizeRichText(body.ExplanatoryComments),
    improvingScore: sanitizeRichText(body.ImprovingScore),
    acknowledgements: sanitizeRichText(body.Acknowledgements),
    score,
    category,
    isDemo: options.demo === true,
    updatedBy: actor?.userId ?? null,
  });
  await appendToOutbox(trx, {
    type: 'evt.scoring.enforceability.saved',
    actor,
    data: { groupId: country.groupId, groupName: country.name, periodId: period.periodId, periodName: period.name, score, category },
  });
  await rebuildReadModels(trx, options.settings, { groupIds: [country.groupId] });
  return enforceabilityScoringOf({
    country,
    period,
    scores: (await findEnforceabilityScores(trx, country.groupId, period.periodId)) ?? null,
  });
}
