import {
  planFeatureTable,
  canDownloadCft,
  canOpenScorecard,
  canSeeAnnotations,
  canSeeHistoricalCharts,
  canUpgrade,
  countryPurchaseOpens,
  currentPlan,
  offersPurchases,
  plansIncluding,
  RoleIds,
  type Principal,
  type RoleName,
} from '../src';

const KENYA = { groupId: 'g-kenya', countryId: 'KE' };
const who = (roles: RoleName[], more: Partial<Principal> = {}): Principal => ({
  roles: roles.map((r) => RoleIds[r]),
  groups: [],
  isAdmin: roles.includes('Admin'),
  isGroupManager: false,
  isAcid: false,
  email: 'x@example.com',
  free: roles.includes('FreeAccess'),
  ...more,
});

describe('which plan includes what (asked of the access rules themselves)', () => {
  it('a scorecard opens with Standard or Enhanced, or with the country bought', () => {
    expect(plansIncluding((p) => canOpenScorecard(p, KENYA))).toEqual(['Standard', 'Enhanced']);
    expect(countryPurchaseOpens((p) => canOpenScorecard(p, KENYA), KENYA.groupId)).toBe(true);
  });

  it('score history charts and annotations are Enhanced (or the country bought), not Standard', () => {
    expect(plansIncluding((p) => canSeeHistoricalCharts(p, KENYA))).toEqual(['Enhanced']);
    expect(plansIncluding((p) => canSeeAnnotations(p, KENYA))).toEqual(['Enhanced']);
    expect(countryPurchaseOpens((p) => canSeeHistoricalCharts(p, KENYA), KENYA.groupId)).toBe(true);
  });

  it('certified scorecards come with Enhanced; buying a country does not include them', () => {
    expect(plansIncluding(canDownloadCft)).toEqual(['Enhanced']);
    expect(countryPurchaseOpens(canDownloadCft, KENYA.groupId)).toBe(false);
  });
});

describe('the plan a user holds and the upgrade offered', () => {
  it.each<[RoleName[], string, string | null]>([
    [['Admin'], 'Admin', null],
    [['AWGMember'], 'Member', null],
    [['Enhanced'], 'Enhanced', null],
    [['Standard'], 'Standard', 'Enhanced'],
    [['Standard', 'CountryViewer'], 'Standard', 'Enhanced'],
    [['CountryViewer'], 'Country', 'Standard'],
    [['CountryRespondent'], 'Respondent', null],
    [['FreeAccess'], 'Free', 'Standard'],
    [['ACCFullAccess'], 'None', null],
  ])('%j holds %s, may upgrade to %s', (roles, kind, upgradeTo) => {
    expect(currentPlan(who(roles))).toMatchObject({ kind, upgradeTo });
    expect(canUpgrade(who(roles))).toBe(upgradeTo !== null);
  });

  it('offers nothing to someone signed out', () => {
    expect(canUpgrade(null)).toBe(false);
    expect(offersPurchases(null)).toBe(false);
  });

  it('sells nothing to admins or country respondents, even a respondent who bought a country', () => {
    expect(offersPurchases(who(['Admin']))).toBe(false);
    expect(offersPurchases(who([], { isAdmin: true }))).toBe(false);
    expect(offersPurchases(who(['CountryRespondent']))).toBe(false);
    expect(offersPurchases(who(['CountryRespondent', 'CountryViewer']))).toBe(false);
    expect(canUpgrade(who(['CountryRespondent', 'CountryViewer']))).toBe(false);
    expect(offersPurchases(who(['FreeAccess']))).toBe(true);
    expect(offersPurchases(who(['CountryViewer']))).toBe(true);
    expect(offersPurchases(who(['Enhanced']))).toBe(true);
  });
});

describe('the pricing page’s feature table', () => {
  const table = Object.fromEntries(planFeatureTable().map((row) => [row.feature, row.includedIn]));

  it('promises free users the scores and categories, and nothing a plan adds', () => {
    const free = Object.entries(table)
      .filter(([, included]) => included.Free)
      .map(([feature]) => feature);
    expect(free).toEqual(['Score and category of every contracting state, and the compliance map']);
  });

  it('gives Standard the full scorecards, watchlist and historical tables, not the charts, annotations, documents or certified scorecards', () => {
    expect(table['Full country scorecards: scores A to F and the explanatory texts'].Standard).toBe(true);
    expect(table['Watchlist notices'].Standard).toBe(true);
    expect(table['Historical data tables'].Standard).toBe(true);
    expect(table['Score history charts'].Standard).toBe(false);
    expect(table['Annotations'].Standard).toBe(false);
    expect(table['Supporting-document downloads'].Standard).toBe(false);
    expect(table['Certified-for-transaction scorecards included'].Standard).toBe(false);
  });

  it('gives Enhanced everything, and a bought country everything of that country but the certified scorecards', () => {
    expect(Object.values(table).every((included) => included.Enhanced)).toBe(true);
    expect(table['Certified-for-transaction scorecards included'].Country).toBe(false);
    expect(table['Annotations'].Country).toBe(true);
  });
});
