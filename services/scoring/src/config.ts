import { DEFAULT_INDEX_ACCESS, indexAccessSettings, type IndexAccessSettings } from '@cti/access';
import { Type } from '@cti/service-kit';

export const ScoringConfig = Type.Object({
  /** ISO code of the one country whose scorecard is open to everyone. */
  PUBLIC_COUNTRY_ID: Type.String({ pattern: '^[A-Za-z]{2}$', default: DEFAULT_INDEX_ACCESS.publicCountryId }),
  /** ISO codes of the three countries whose annotations are open to all. */
  OPEN_ANNOTATION_COUNTRY_IDS: Type.String({
    pattern: '^[A-Za-z]{2}(,[A-Za-z]{2})*$',
    default: DEFAULT_INDEX_ACCESS.openAnnotationCountryIds.join(','),
  }),
  /**
   * Longest time a replica serves a cached read model without re-reading it. Changes
   * reach every replica at once through Postgres notifications; this only bounds how
   * long a missed notification (a dropped listener connection) can go unnoticed.
   */
  READ_MODEL_CACHE_SECONDS: Type.Integer({ minimum: 0, default: 60 }),
  /** How long a PDF rendering by the documents service may take. */
  RENDER_TIMEOUT_MS: Type.Integer({ minimum: 1000, default: 60_000 }),
});
export type ScoringConfig = Type.Static<typeof ScoringConfig>;

export const accessSettingsOf = (config: ScoringConfig): IndexAccessSettings =>
  indexAccessSettings(config.PUBLIC_COUNTRY_ID.toUpperCase(), config.OPEN_ANNOTATION_COUNTRY_IDS.toUpperCase());
