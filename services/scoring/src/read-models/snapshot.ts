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
    db.selectFrom('countries').selectAll().orderBy('name').execute(),
    db.selectFrom('periods').selectAll().orderBy('createdAt').orderBy('name').execute(),
    db.selectFrom('complianceScores').selectAll().execute(),
    db.selectFrom('enforceabilityScores').selectAll().execute(),
    db.selectFrom('annotations').selectAll().execute(),
  ]);
  return { countries, periods, compliance, enforceability, annotations };
}
