import { canOpenScorecard, type Principal } from '@cti/access';

/** Whether a country's scorecard opens for this user: the public country, an own group or a subscriber role. */
export const canOpenRow = (p: Principal | null, row: { GroupId: string; IsPublic: boolean }) =>
  !!p && (row.IsPublic || canOpenScorecard(p, { groupId: row.GroupId, countryId: null }));

export const NO_VIEWS_CAUTION = 'No views have been received for this country yet: there is no scorecard to show.';
