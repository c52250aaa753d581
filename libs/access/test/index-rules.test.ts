import {
  canDownloadCft,
  canFollowWatchlist,
  canOpenScorecard,
  canSeeAnnotations,
  canChartHistories,
  canSeeHistoricalCharts,
  canSeeScorecardDetails,
  canSeeScorecardDocuments,
  canSeeWatchlist,
  indexAccessSettings,
  RoleIds,
  scorecardAccess,
  type Principal,
  type RoleName,
} from '@cti/access';

const ireland = { groupId: 'g-ie', countryId: 'IE' };
const publicCountry = { groupId: 'g-gb', countryId: 'GB' };
const openAnnotations = { groupId: 'g-us', countryId: 'us' };

const as = (roles: RoleName[], groups: string[] = []): Principal => ({
  roles: roles.map((r) => RoleIds[r]),
  groups,
  isAdmin: roles.includes('Admin'),
  isGroupManager: false,
  isAcid: false,
  email: 'someone@example.com',
  free: roles.includes('FreeAccess'),
});

describe('the index permission table: open a country scorecard', () => {
  it.each<[RoleName, boolean]>([
    ['Admin', true],
    ['Enhanced', true],
    ['Standard', true],
    ['AWGMember', true],
    ['FreeAccess', false],
    ['CountryViewer', false],
    ['CountryRespondent', false],
    ['ScoringAccess', false],
    ['CFTPackage', false],
  ])('%s on another country → %s', (role, allowed) => expect(canOpenScorecard(as([role]), ireland)).toBe(allowed));

  it('opens the public group to everyone and own groups to their members', () => {
    expect(canOpenScorecard(as(['FreeAccess']), publicCountry)).toBe(true);
    expect(canOpenScorecard(as(['CountryViewer'], ['g-ie']), ireland)).toBe(true);
    expect(canOpenScorecard(as(['FreeAccess'], ['g-ie']), ireland)).toBe(true);
  });

  it('watchlist click follows the same rule', () => {
    expect(canFollowWatchlist(as(['Standard']), ireland)).toBe(true);
    expect(canFollowWatchlist(as(['CountryViewer']), ireland)).toBe(false);
    expect(canFollowWatchlist(as(['FreeAccess']), publicCountry)).toBe(true);
  });

  it('takes the public country from settings', () => {
    const settings = indexAccessSettings('IE', null);
    expect(canOpenScorecard(as(['FreeAccess']), ireland, settings)).toBe(true);
    expect(canOpenScorecard(as(['FreeAccess']), publicCountry, settings)).toBe(false);
    expect(settings.openAnnotationCountryIds).toEqual(['GB', 'US', 'CA']);
  });
});

describe('the index permission table: certified download', () => {
  it.each<[RoleName, boolean]>([
    ['Admin', true],
    ['Enhanced', true],
    ['AWGMember', true],
    ['CFTPackage', true],
    ['Standard', false],
    ['CountryViewer', false],
    ['CountryRespondent', false],
    ['FreeAccess', false],
    ['CFTAccess', false],
  ])('%s → %s', (role, allowed) => expect(canDownloadCft(as([role]))).toBe(allowed));
});

describe('the index permission table: watchlist visibility', () => {
  it.each<[RoleName, boolean]>([
    ['Admin', true],
    ['Enhanced', true],
    ['Standard', true],
    ['AWGMember', true],
    ['CountryViewer', true],
    ['CountryRespondent', false],
    ['FreeAccess', false],
    ['ScoringAccess', false],
  ])('%s on any country → %s', (role, allowed) => expect(canSeeWatchlist(as([role]), ireland)).toBe(allowed));

  it('shows respondents the watchlist of their own groups only', () => {
    expect(canSeeWatchlist(as(['CountryRespondent'], ['g-ie']), ireland)).toBe(true);
    expect(canSeeWatchlist(as(['CountryRespondent'], ['g-ie']), publicCountry)).toBe(false);
  });
});

describe('the index permission table: annotations', () => {
  it('are open to all on the three special groups', () => {
    expect(canSeeAnnotations(as(['FreeAccess']), openAnnotations)).toBe(true);
    expect(canSeeAnnotations(as(['FreeAccess']), ireland)).toBe(false);
  });
  it.each<[RoleName, boolean]>([
    ['Admin', true],
    ['AWGMember', true],
    ['Enhanced', true],
    ['AnnotationAccess', true],
    ['Standard', false],
    ['CountryViewer', false],
    ['CountryRespondent', false],
    ['FreeAccess', false],
  ])('%s on another country → %s', (role, allowed) => expect(canSeeAnnotations(as([role]), ireland)).toBe(allowed));
  it('are open to viewers and respondents of the group', () => {
    expect(canSeeAnnotations(as(['CountryViewer'], ['g-ie']), ireland)).toBe(true);
    expect(canSeeAnnotations(as(['CountryRespondent'], ['g-ie']), ireland)).toBe(true);
  });
});

describe('the index permission table: scorecard documents, details and historical charts', () => {
  it.each<[RoleName, boolean, boolean, boolean]>([
    // role, documents, details, history (on a country the user does not belong to)
    ['Admin', true, true, true],
    ['AWGMember', true, true, true],
    ['Enhanced', true, true, true],
    ['Standard', true, true, false],
    ['ScoringAccess', false, true, false],
    ['CountryViewer', false, false, false],
    ['CountryRespondent', false, false, false],
    ['FreeAccess', false, false, false],
  ])('%s → documents %s, details %s, history %s', (role, documents, details, history) => {
    expect(canSeeScorecardDocuments(as([role]), ireland)).toBe(documents);
    expect(canSeeScorecardDetails(as([role]), ireland)).toBe(details);
    expect(canSeeHistoricalCharts(as([role]), ireland)).toBe(history);
    // charts of several countries (compare view, historical data): the same roles, whatever the groups
    expect(canChartHistories(as([role], ['g-ie']))).toBe(history);
  });

  it('opens all three to viewers and respondents of the group', () => {
    for (const role of ['CountryViewer', 'CountryRespondent'] as const) {
      const p = as([role], ['g-ie']);
      expect([canSeeScorecardDocuments(p, ireland), canSeeScorecardDetails(p, ireland), canSeeHistoricalCharts(p, ireland)]).toEqual([
        true,
        true,
        true,
      ]);
    }
  });

  it('summarises one person and one country', () => {
    expect(scorecardAccess(as(['FreeAccess']), publicCountry)).toEqual({
      open: true,
      details: false,
      watchlist: false,
      annotations: true,
      documents: false,
      history: false,
      cftDownload: false,
    });
  });
});
