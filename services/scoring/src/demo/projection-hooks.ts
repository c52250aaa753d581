import type { IndexAccessSettings } from '@cti/access';
import { DEMO_COUNTRIES } from '@cti/demo-data';

import type { ContractingOf } from '../countries/projection';
import type { QuestionnaireCreatedHook } from '../periods/projection';

import { seedDemoScores } from './seed-demo-scores';

/**
 * With demo data, countries first seen take the index of the demo data (`contracting` of
 * `DEMO_COUNTRIES`; a country it does not know stands on the Compliance Index).
 */
export const demoContractingOf: ContractingOf = ({ name, countryId }) => {
  const known = DEMO_COUNTRIES.find((c) => (countryId && c.code.toUpperCase() === countryId.toUpperCase()) || c.name === name);
  return known?.contracting ?? true;
};

/**
 * What the demo adds to the projections when `DEMO_DATA` is on: the demo countries' indexes,
 * and demo scores for the questionnaires the demo seed made (no actor), never for an admin's.
 */
export function demoProjectionHooks(settings: IndexAccessSettings): {
  contractingOf: ContractingOf;
  onQuestionnaireCreated: QuestionnaireCreatedHook;
} {
  return {
    contractingOf: demoContractingOf,
    onQuestionnaireCreated: async (trx, event) => {
      if (event.actor === null) await seedDemoScores(trx, event.data.questionnaireId, { settings, demo: true });
    },
  };
}
