import type { MigrationSet } from '@cti/db';

import * as m20261121120000 from './20261121120000_questionnaire_workflow';
import * as m20261125120000 from './20261125120000_resume_points_and_reopening';
import * as m20261206120000 from './20261206120000_section_versions_and_tab_locks';

/** Questionnaire's migrations, in order (timestamp-named files in this folder). */
export const migrations: MigrationSet = {
  '20261121120000_questionnaire_workflow': m20261121120000,
  '20261125120000_resume_points_and_reopening': m20261125120000,
  '20261206120000_section_versions_and_tab_locks': m20261206120000,
};
