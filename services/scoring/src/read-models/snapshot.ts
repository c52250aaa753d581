import type { Selectable } from '@cti/db';

import type {
  AnnotationsTable,
  ComplianceScoresTable,
  CountriesTable,
  EnforceabilityScoresTable,
  PeriodsTable,
  QuestionnairesTable,
  ScoringExecutor,
} from '../db';

import { listAnnotations, listComplianceScores, listCountriesByName, listEnforceabilityScores, listPeriodsOldestFirst } from './repository';

export type CountryRow = Selectable<CountriesTable>;
export type PeriodRow = Selectable<PeriodsTable>;
export type ComplianceRow = Selectable<ComplianceScoresTable>;
export type EnforceabilityRecord = Selectable<EnforceabilityScoresTable>;
export type QuestionnaireRow = Selectable<QuestionnairesTable>;
export type AnnotationRow = Selectable<AnnotationsTable>;

/** Everything the read models are built from: small (countries × periods), read at once. */
export interface Snapshot {
  countries: CountryRow[];
  /** Oldest first. */
  periods: PeriodRow[];
  compliance: ComplianceRow[];
  enforceability: EnforceabilityRecord[];
  annotations: AnnotationRow[];
}

export async function loadSnapshot(db: ScoringExecutor): Promise<Snapshot> {
  const [countries, periods, compliance, enforceability, annotations] = await Promise.all([
    listCountriesByName(db),
    listPeriodsOldestFirst(db),
    listComplianceScores(db),
    listEnforceabilityScores(db),
    listAnnotations(db),
  ]);
  return { countries, periods, compliance, enforceability, annotations };
}
