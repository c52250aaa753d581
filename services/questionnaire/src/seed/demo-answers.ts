import { SectionIds, type AnswerModel } from '@cti/contracts';
import { DEMO_LATEST_PERIOD } from '@cti/demo-data';

/** Answers of one section: question index → answer. */
export type SectionAnswers = Partial<Record<number, AnswerModel>>;
export type DemoAnswers = Partial<Record<number, SectionAnswers>>;

export interface DemoPeriod {
  name: string;
  createdAt: string;
  /** Ireland's answers given in this period: everything in the first, then what changed. */
  ireland: Array<{ by: 'respondent' | 'respondent2'; answers: DemoAnswers }>;
  /** Submitted as final by both law firms before the next period (all but the current one). */
  finalized: boolean;
}

/** Ireland's answers when it first answered (facts of Irish law as implemented). */
const IRELAND_FIRST_ANSWERS: DemoAnswers = {
  [SectionIds.Introductory]: {
    0: 'Irish Aviation Authority',
    1: '2015-03-17',
    2: 'International Interests in Mobile Equipment (Cape Town Convention) Act 2005; Irish Aviation Authority (Nationality and Registration of Aircraft) Order 2015 (S.I. No. 88 of 2015); Companies Act 2014, Part 10 (examinership).',
  },
  [SectionIds.Summary]: {
    0: '2005-07-29 00:00:00',
    1: '2006-03-01 00:00:00',
    2: 2,
    3: [4, 5, 6, 7, 8, 9],
    4: 'Liens in favour of the Irish Aviation Authority and Eurocontrol for unpaid air-navigation charges, and airport charges under the State Airports Act 2004, as listed in the declaration.',
    5: 'Irish Aviation Authority',
    6: 12,
    7: 60,
    8: 16,
    10: 19,
  },
  [SectionIds.Idera]: {
    0: 23,
    1: 25,
    2: 5,
    4: 27,
    5: 'The IDERA holder files the de-registration request with a certified copy of the recorded IDERA; the Authority confirms the holder is the authorised party and removes the aircraft from the register, usually within two to three working days.',
    6: 30,
    7: 33,
    8: 'Section 5 and Schedule 1 of the 2005 Act; the Nationality and Registration of Aircraft Order 2015, articles 19 to 21; IAA guidance on IDERA recordation (published on its website).',
    9: 34,
    11: [37],
    14: '2019-06-01 00:00:00',
    15: 41,
  },
  [SectionIds.Liens]: {
    0: 46,
    1: [48, 49, 51],
    2: 53,
    3: 56,
    4: 57,
    5: 'Air Navigation and Transport (Amendment) Act 1998 (detention for unpaid charges); State Airports Act 2004; the common-law possessory lien of repairers.',
    6: 2,
    7: 121,
    8: 'By retention of the aircraft and, after court approval, judicial sale; the repairer relies on possession only.',
    10: 52,
    11: 'The Authority or the airport authority applies to the High Court for an order detaining the aircraft pending payment.',
    12: 124,
    13: 14,
  },
  [SectionIds.Detention]: {
    0: 60,
    1: [62, 63],
    2: 68,
    3: 'Statutory detention for unpaid airport and air-navigation charges only; no general creditor detention without a court order.',
    4: 3,
    5: 126,
    6: 'Written notice to the operator; the registered owner and registered creditors are informed on request.',
    9: 69,
    12: 118,
  },
  [SectionIds.Comments]: {
    0: '<p>Ireland has implemented the Convention and the Aircraft Protocol faithfully through the <strong>2005 Act</strong>. The Commercial List of the High Court handles aviation matters quickly.</p>',
    2: [131, 132],
  },
  [SectionIds.VariableB]: {
    0: 70,
    1: 60,
    2: 74,
    4: 76,
    5: 'Part 10 of the Companies Act 2014 (examinership) is displaced for aircraft objects by section 7 of the 2005 Act.',
    6: 77,
  },
  [SectionIds.ProtectionismA]: {
    0: 80,
    1: 83,
    2: 'Rome I Regulation, Article 9 (overriding mandatory provisions), has not been applied to aircraft leases.',
  },
  [SectionIds.ProtectionismB]: {
    0: 88,
    1: [90, 92],
    2: 'Irish courts routinely stay proceedings in favour of exclusive English jurisdiction clauses (Brussels I recast, Article 25).',
  },
  [SectionIds.ProtectionismC]: {
    0: 95,
    1: 6,
    2: 'Public policy, lack of jurisdiction of the foreign court, fraud, and irreconcilable judgements.',
  },
  [SectionIds.ProtectionismD]: {
    0: 98,
    1: 4,
    2: 100,
    3: 102,
    4: 'No refusals reported in aviation matters; the Arbitration Act 2010 applies the UNCITRAL Model Law.',
  },
  [SectionIds.ContractInterpretation]: {
    0: 104,
    1: 'The courts apply the contract as written; the rule against penalties is applied narrowly to commercial parties.',
    2: '2021-11-12 00:00:00',
  },
  [SectionIds.Enforcement]: {
    0: 107,
    1: 109,
    2: 'The High Court applied the 2005 Act directly in repossession proceedings concerning leased aircraft.',
  },
  [SectionIds.NonBankruptcy]: {
    0: 45,
    1: 112,
    2: 'Creditors usually obtain interim relief from the Commercial List within weeks; de-registration follows on the IDERA.',
  },
  [SectionIds.Bankruptcy]: {
    0: 60,
    1: 114,
    2: 'No Irish airline insolvency has tested Alternative A; lessors of foreign airlines rely on Irish-registered aircraft being returned on the IDERA.',
  },
};

/**
 * The four demo periods (the index is updated in March and September); each opens
 * questionnaires for every country and closes the previous ones, as in production.
 */
export const DEMO_PERIODS: readonly DemoPeriod[] = [
  {
    name: 'March 2025',
    createdAt: '2025-03-03T09:00:00.000Z',
    ireland: [{ by: 'respondent', answers: IRELAND_FIRST_ANSWERS }],
    finalized: true,
  },
  {
    name: 'September 2025',
    createdAt: '2025-09-01T09:00:00.000Z',
    ireland: [
      {
        by: 'respondent',
        answers: {
          [SectionIds.Idera]: {
            9: 36,
            10: 'Two IDERA-based de-registrations in 2025 following lessor terminations; the aircraft were de-registered within four working days and exported within two weeks.',
          },
          [SectionIds.NonBankruptcy]: { 0: 30 },
        },
      },
    ],
    finalized: true,
  },
  {
    name: 'March 2026',
    createdAt: '2026-03-02T09:00:00.000Z',
    ireland: [
      {
        by: 'respondent2',
        answers: {
          [SectionIds.Detention]: {
            12: 119,
            13: 'The Air Navigation and Aviation Security Bill 2025 would require notice to registered creditors before a detention; it is expected to pass in 2026.',
          },
        },
      },
      { by: 'respondent', answers: { [SectionIds.Liens]: { 6: 3 } } },
    ],
    finalized: true,
  },
  {
    name: DEMO_LATEST_PERIOD,
    createdAt: '2026-09-01T09:00:00.000Z',
    ireland: [
      {
        by: 'respondent',
        answers: {
          [SectionIds.Summary]: { 10: 18 },
          [SectionIds.Comments]: {
            0: '<p>Ireland has implemented the Convention and the Aircraft Protocol faithfully through the <strong>2005 Act</strong>. The Commercial List of the High Court handles aviation matters quickly.</p><p>The 2025 IDERA de-registrations confirm the practice described in A2.</p>',
          },
          [SectionIds.Bankruptcy]: { 0: 55 },
        },
      },
      { by: 'respondent2', answers: { [SectionIds.ProtectionismD]: { 1: 5 } } },
    ],
    finalized: false,
  },
];
