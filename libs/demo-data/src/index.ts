import type { RoleName } from '@cti/access';

/** Every demo account signs in with this password. */
export const DEMO_PASSWORD = 'demo-password';

/** The demo country whose respondent, viewer and manager accounts exist. */
export const DEMO_COUNTRY = 'Ireland';

/**
 * The newest of the demo periods (they come in one after another after a start): the demo index
 * is complete once every scored country shows this period. Each earlier period is, for a moment,
 * an index whose countries all share one period too, so "one period" alone is not "done".
 */
export const DEMO_LATEST_PERIOD = 'September 2026';

export interface DemoAccount {
  email: string;
  firstName: string;
  lastName: string;
  organization: string;
  roles: RoleName[];
  /** Country group names the account belongs to. */
  groups: string[];
  isGroupManager?: boolean;
  isAcid?: boolean;
  describe: string;
}

/** One account per kind of user (issue "Foundation", demo data). */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'admin@example.com',
    firstName: 'Ada',
    lastName: 'Admin',
    organization: 'Aviation Working Group',
    roles: ['Admin'],
    groups: [],
    isAcid: true,
    describe: 'Admin',
  },
  {
    email: 'member@example.com',
    firstName: 'Morgan',
    lastName: 'Member',
    organization: 'Member Lessor plc',
    roles: ['AWGMember'],
    groups: [],
    describe: 'AWGMember',
  },
  {
    email: 'enhanced@example.com',
    firstName: 'Erin',
    lastName: 'Enhanced',
    organization: 'Export Credit Agency',
    roles: ['Enhanced'],
    groups: [],
    describe: 'Enhanced subscriber',
  },
  {
    email: 'standard@example.com',
    firstName: 'Sam',
    lastName: 'Standard',
    organization: 'Regional Lender',
    roles: ['Standard'],
    groups: [],
    describe: 'Standard subscriber',
  },
  {
    email: 'respondent@example.com',
    firstName: 'Rory',
    lastName: 'Respondent',
    organization: 'Dublin Law Partners',
    roles: ['CountryRespondent'],
    groups: [DEMO_COUNTRY],
    describe: `CountryRespondent (${DEMO_COUNTRY})`,
  },
  {
    email: 'respondent2@example.com',
    firstName: 'Roisin',
    lastName: 'Respondent',
    organization: 'Cork Aviation Law LLP',
    roles: ['CountryRespondent'],
    groups: [DEMO_COUNTRY],
    describe: `CountryRespondent (${DEMO_COUNTRY}, a second law firm)`,
  },
  {
    email: 'viewer@example.com',
    firstName: 'Vera',
    lastName: 'Viewer',
    organization: 'Irish Aviation Finance',
    roles: ['CountryViewer'],
    groups: [DEMO_COUNTRY],
    describe: `CountryViewer (${DEMO_COUNTRY})`,
  },
  {
    email: 'manager@example.com',
    firstName: 'Maeve',
    lastName: 'Manager',
    organization: 'Dublin Law Partners',
    roles: ['CountryViewer'],
    groups: [DEMO_COUNTRY],
    isGroupManager: true,
    describe: `Group manager (${DEMO_COUNTRY})`,
  },
];

export interface DemoCountry {
  name: string;
  /** ISO 3166-1 alpha-2, lower case; also names the flag file. */
  code: string;
  /** Contracting state of the Cape Town Convention and its Aircraft Protocol. */
  contracting: boolean;
}

/**
 * Real states, for demo data only. Contracting states appear on the Compliance Index;
 * the others (signatories that have not ratified, or non-parties) on the
 * Enforceability Index.
 */
export const DEMO_COUNTRIES: readonly DemoCountry[] = [
  ['Ireland', 'ie'],
  ['United States', 'us'],
  ['Canada', 'ca'],
  ['Mexico', 'mx'],
  ['Brazil', 'br'],
  ['Argentina', 'ar'],
  ['Colombia', 'co'],
  ['Panama', 'pa'],
  ['United Kingdom', 'gb'],
  ['Norway', 'no'],
  ['Netherlands', 'nl'],
  ['Luxembourg', 'lu'],
  ['Denmark', 'dk'],
  ['Sweden', 'se'],
  ['Poland', 'pl'],
  ['Malta', 'mt'],
  ['Spain', 'es'],
  ['Turkey', 'tr'],
  ['Ukraine', 'ua'],
  ['Kazakhstan', 'kz'],
  ['India', 'in'],
  ['Pakistan', 'pk'],
  ['China', 'cn'],
  ['Singapore', 'sg'],
  ['Malaysia', 'my'],
  ['Indonesia', 'id'],
  ['Mongolia', 'mn'],
  ['Vietnam', 'vn'],
  ['Sri Lanka', 'lk'],
  ['Bangladesh', 'bd'],
  ['New Zealand', 'nz'],
  ['Australia', 'au'],
  ['Fiji', 'fj'],
  ['United Arab Emirates', 'ae'],
  ['Saudi Arabia', 'sa'],
  ['Oman', 'om'],
  ['Kuwait', 'kw'],
  ['Jordan', 'jo'],
  ['Egypt', 'eg'],
  ['Ethiopia', 'et'],
  ['Kenya', 'ke'],
  ['Nigeria', 'ng'],
  ['South Africa', 'za'],
  ['Angola', 'ao'],
  ['Senegal', 'sn'],
  ['Tanzania', 'tz'],
  ['Mozambique', 'mz'],
  ['Rwanda', 'rw'],
  ['Cameroon', 'cm'],
  ['Tunisia', 'tn'],
]
  .map(([name, code]) => ({ name: name, code: code, contracting: true }))
  .concat(
    [
      ['Germany', 'de'],
      ['France', 'fr'],
      ['Japan', 'jp'],
      ['Switzerland', 'ch'],
      ['Austria', 'at'],
    ].map(([name, code]) => ({
      name: name,
      code: code,
      contracting: false,
    })),
  );

export const flagPath = (code: string) => `/flags/${code}.svg`;
