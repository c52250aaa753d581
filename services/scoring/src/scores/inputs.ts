import type { EnforceabilityScoring, QuestionnaireScoring, ScoringInputs } from '@cti/contracts';
import { complianceCategory, enforceabilityCategory, isScored } from '@cti/scoring-rules';
import { NotFound } from '@cti/service-kit';

import { findCountry } from '../countries/repository';
import type { ScoringExecutor } from '../db';
import { findPeriod, findQuestionnaire } from '../periods/repository';
import type { ComplianceRow, CountryRow, EnforceabilityRecord, PeriodRow, QuestionnaireRow } from '../read-models/snapshot';

import { findComplianceScores, findEnforceabilityScores } from './repository';

/** The questionnaire editor's record; zeros and Not Defined until first saved. */
export function questionnaireScoringOf(x: {
  questionnaire: QuestionnaireRow;
  country: CountryRow;
  period: PeriodRow;
  scores: ComplianceRow | null;
}): QuestionnaireScoring {
  const s = x.scores;
  return {
    Id: x.questionnaire.questionnaireId,
    GroupId: x.questionnaire.groupId,
    Entity: x.country.name,
    PeriodId: x.period.periodId,
    Period: x.period.name,
    Status: x.questionnaire.status,
    A: s?.a ?? 0,
    B: s?.b ?? 0,
    C: s?.c ?? 0,
    D: s?.d ?? 0,
    E: s?.e ?? 0,
    F: s?.f ?? 0,
    Suspended: s?.suspended ?? false,
    isPBA: s?.isPba ?? false,
    PBA: s?.pba ?? null,
    QualifyingDeclarations: s?.qualifyingDeclarations ?? false,
    Watchlist: s?.watchlist ?? false,
    IsSpecialNotice: s?.isSpecialNotice ?? false,
    Notice: s?.notice ?? null,
    ExplanatoryComments: s?.explanatoryComments ?? null,
    ImprovingScore: s?.improvingScore ?? null,
    Acknowledgements: s?.acknowledgements ?? null,
    Score: s?.score ?? null,
    // the one category rule (a stored row of a score of 0 may predate it)
    Category: s ? complianceCategory(s.score) : 'Not Defined',
    ASU: s && isScored(s.score) ? s.asu : null,
    LastUpdated: s?.updatedAt ?? null,
  };
}

export function enforceabilityScoringOf(x: {
  country: CountryRow;
  period: PeriodRow;
  scores: EnforceabilityRecord | null;
}): EnforceabilityScoring {
  const s = x.scores;
  return {
    GroupId: x.country.groupId,
    PeriodId: x.period.periodId,
    Entity: x.country.name,
    Period: x.period.name,
    A: s?.a ?? 0,
    B: s?.b ?? 0,
    C: s?.c ?? 0,
    D: s?.d ?? 0,
    ExplanatoryComments: s?.explanatoryComments ?? null,
    ImprovingScore: s?.improvingScore ?? null,
    Acknowledgements: s?.acknowledgements ?? null,
    Score: s?.score ?? null,
    Category: s ? enforceabilityCategory(s.score) : 'Not Defined',
    LastUpdated: s?.updatedAt ?? null,
  };
}

/** Both editors' records for one questionnaire row of the admin list. */
export async function scoringInputs(db: ScoringExecutor, questionnaireId: string): Promise<ScoringInputs> {
  const questionnaire = await findQuestionnaire(db, questionnaireId);
  if (!questionnaire) throw new NotFound('Questionnaire not found.');
  const [country, period, compliance, enforceability] = await Promise.all([
    findCountry(db, questionnaire.groupId),
    findPeriod(db, questionnaire.periodId),
    findComplianceScores(db, questionnaireId),
    findEnforceabilityScores(db, questionnaire.groupId, questionnaire.periodId),
  ]);
  if (!country || !period) throw new NotFound('Questionnaire not found.');
  return {
    Questionnaire: questionnaireScoringOf({ questionnaire, country, period, scores: compliance ?? null }),
    Enforceability: enforceabilityScoringOf({ country, period, scores: enforceability ?? null }),
    Contracting: country.contracting,
  };
}
