import { SectionIds, type Condition } from '@cti/contracts';

import type { BankQuestion, QuestionBank } from './types';

// Option ids are global across the bank and never reused: the conditional rules of
// the questionnaire states and transitions name them (Summary q3 option 9, IDERA q0 23/24, Liens q0 46/47,
// Detention q0 60/61, Variable B q0 70, …). Ids above 115 were added in later
// revisions of the bank, which is why they sit apart from their neighbours.
// Options read in one order across questions: yes answers first, qualified answers,
// then no, then unknown or untested (option order is presentation; ids never move).

const yesNo = (yes: number, no: number) => [
  { id: yes, label: 'Yes' },
  { id: no, label: 'No' },
];
const is = (question: number, option: number): Condition => ({ question, is: option });
const includes = (question: number, option: number): Condition => ({ question, includes: option });
const and = (...all: Condition[]): Condition => ({ all });
const not = (condition: Condition): Condition => ({ not: condition });

/** IDERA q1–q16 are cleared and hidden when q0 is 24 (No) and the State lodged no IDERA declaration. */
const ideraOpen = not(and(is(0, 24), { ideraDeclaration: false }));
const idera = (q: Omit<BankQuestion, 'showIf'>, own?: Condition): BankQuestion => ({ ...q, showIf: own ? and(ideraOpen, own) : ideraOpen });

/** Liens q1–q9 are cleared and hidden when q0 is 47 (no non-consensual rights). */
const liensOpen = not(is(0, 47));
/** Detention q1–q8 are cleared and hidden when q0 is 61 (no detention rights). */
const detentionOpen = not(is(0, 61));

const DATE_MIN = '2000-01-01';

export const bank2026_1: QuestionBank = {
  version: '2026.1',
  sections: [
    {
      sectionId: SectionIds.Introductory,
      title: 'Introductory Questions',
      description:
        'This questionnaire is completed pro bono. It seeks non-confidential legal facts only and takes no numeric scoring input from respondents. It is updated semi-annually, in March and September. Answers are given by consensus among the participating law firms of the country. Participation creates no lawyer-client relationship.',
      questions: [
        { index: 0, type: 'text', text: 'Name of the civil aviation authority that maintains the national aircraft register.' },
        {
          index: 1,
          type: 'date',
          text: 'Date of the most recent amendment to the national law implementing the Convention and the Aircraft Protocol.',
          min: DATE_MIN,
        },
        {
          index: 2,
          type: 'textarea',
          text: 'List the principal statutes and regulations that implement the Convention and the Aircraft Protocol.',
        },
      ],
    },
    {
      sectionId: SectionIds.Summary,
      title: 'Summary of National Implementation',
      questions: [
        {
          index: 0,
          type: 'date',
          text: 'Date on which the State deposited its instrument of ratification, acceptance, approval or accession to the Convention and the Aircraft Protocol.',
          min: DATE_MIN,
        },
        {
          index: 1,
          type: 'date',
          text: 'Date on which the Convention and the Aircraft Protocol entered into force for the State.',
          min: DATE_MIN,
        },
        {
          index: 2,
          type: 'radio',
          text: 'How are the Convention and the Aircraft Protocol given the force of law in the State?',
          options: [
            { id: 1, label: 'Directly applicable upon ratification (monist system)' },
            { id: 2, label: 'By implementing legislation (dualist system)' },
            { id: 3, label: 'Partly directly applicable and partly by implementing legislation' },
          ],
        },
        {
          index: 3,
          type: 'checkbox',
          text: 'Which declarations has the State lodged with the Depositary?',
          options: [
            { id: 4, label: 'Article XXX(1): Article VIII (choice of law)' },
            { id: 5, label: 'Article XXX(1): Article XII (insolvency assistance)' },
            { id: 6, label: 'Article XXX(1): Article XIII (irrevocable de-registration and export request authorisation, IDERA)' },
            { id: 7, label: 'Article XXX(2): Article X (speedy relief), with the number of days specified' },
            { id: 8, label: 'Article XXX(3): Article XI (remedies on insolvency)' },
            { id: 9, label: 'Article 39: non-consensual rights or interests having priority without registration' },
            { id: 10, label: 'Article 40: registrable non-consensual rights or interests' },
            { id: 11, label: 'Article 54(2): remedies available only with leave of the court' },
          ],
        },
        {
          index: 4,
          type: 'textarea',
          text: 'List the categories of non-consensual rights or interests covered by the Article 39 declaration and the statutes that create them.',
          showIf: includes(3, 9),
        },
        {
          index: 5,
          type: 'text',
          text: 'Name the authority designated to record IDERAs under Article XIII of the Aircraft Protocol.',
          showIf: includes(3, 6),
        },
        {
          index: 6,
          type: 'radio',
          text: 'Which insolvency regime has the State declared under Article XXX(3) of the Aircraft Protocol?',
          options: [
            { id: 12, label: 'Alternative A of Article XI' },
            { id: 13, label: 'Alternative B of Article XI' },
            { id: 14, label: 'Alternative C of Article XI' },
            { id: 15, label: 'No declaration under Article XI' },
          ],
        },
        {
          index: 7,
          type: 'number',
          text: 'Waiting period specified in the Alternative A declaration (calendar days).',
          min: 0,
          max: 365,
          showIf: is(6, 12),
        },
        {
          index: 8,
          type: 'radio',
          text: 'Has the State designated an entry point to the International Registry under Article XIX(1) of the Convention?',
          options: [
            { id: 116, label: 'Yes: a designated entry point authorises the transmission of registration information' },
            { id: 17, label: 'Not yet: a designation is under consideration' },
            { id: 16, label: 'No: registrations are made directly with the International Registry' },
          ],
        },
        {
          index: 9,
          type: 'text',
          text: 'Name the designated entry point and state whether its use is mandatory or optional.',
          showIf: is(8, 116),
        },
        {
          index: 10,
          type: 'select',
          text: 'Which court has jurisdiction over claims under the Convention (Article 43) in the State?',
          options: [
            { id: 18, label: 'A specialised commercial court' },
            { id: 19, label: 'The court of general jurisdiction at first instance' },
            { id: 20, label: 'A court designated by the implementing legislation' },
            { id: 21, label: 'No court has been designated' },
            { id: 22, label: 'Other' },
          ],
        },
      ],
    },
    {
      sectionId: SectionIds.Idera,
      title: 'IDERA: Irrevocable De-Registration and Export Request Authorisation (Article XIII)',
      questions: [
        {
          index: 0,
          type: 'radio',
          text: 'Does the registry authority record IDERAs in substantially the form annexed to the Aircraft Protocol (Article XIII(2))?',
          options: yesNo(23, 24),
        },
        idera(
          {
            index: 1,
            type: 'radio',
            text: 'Is an IDERA recorded within a fixed time after it is submitted?',
            options: [
              { id: 25, label: 'Yes, within a fixed time set by law or published practice' },
              { id: 26, label: 'No fixed time applies' },
            ],
          },
          is(0, 23),
        ),
        idera({ index: 2, type: 'number', text: 'Within how many working days is an IDERA recorded?', min: 0, max: 365 }, is(1, 25)),
        idera(
          { index: 3, type: 'textarea', text: 'Describe how long recordation usually takes and any conditions the authority imposes.' },
          is(1, 26),
        ),
        idera({
          index: 4,
          type: 'radio',
          text: "Does the registry authority honour a de-registration request by the IDERA holder without the debtor's further consent (Article XIII(3))?",
          options: [
            { id: 27, label: 'Yes, within five working days' },
            { id: 29, label: 'Yes, but usually after more than five working days' },
            { id: 28, label: 'No' },
          ],
        }),
        idera(
          {
            index: 5,
            type: 'textarea',
            text: 'Describe the procedure and the documents the authority requires before it de-registers the aircraft.',
          },
          { question: 4, isAnyOf: [27, 29] },
        ),
        idera({
          index: 6,
          type: 'radio',
          text: 'Do the export authorities cooperate with and assist the IDERA holder in exporting the aircraft (Article IX(5))?',
          options: yesNo(30, 31),
        }),
        idera({
          index: 7,
          type: 'radio',
          text: 'Must charges, taxes or fees be paid before de-registration or export is allowed?',
          options: yesNo(32, 33),
        }),
        idera({
          index: 8,
          type: 'textarea',
          text: 'Cite the laws, regulations or published guidance governing the recordation and exercise of IDERAs.',
        }),
        idera({
          index: 9,
          type: 'radio',
          text: 'Has an IDERA holder sought the de-registration and export of an aircraft in the State in the last five years?',
          options: [
            { id: 36, label: 'Yes' },
            { id: 34, label: 'No' },
            { id: 35, label: 'Unknown' },
          ],
        }),
        idera(
          { index: 10, type: 'textarea', text: 'Describe those cases, including the time taken to de-register and export the aircraft.' },
          is(9, 36),
        ),
        idera({
          index: 11,
          type: 'checkbox',
          text: 'Which bodies must act before an aircraft can be de-registered and exported on an IDERA?',
          options: [
            { id: 37, label: 'The civil aviation authority (nationality registry)' },
            { id: 38, label: 'The customs authority' },
            { id: 39, label: 'A court' },
            { id: 40, label: 'Another authority' },
          ],
        }),
        idera(
          { index: 12, type: 'textarea', text: 'Explain why a court must act and how long its involvement usually takes.' },
          includes(11, 39),
        ),
        idera({ index: 13, type: 'text', text: 'Name the other authority and describe its role.' }, includes(11, 40)),
        idera({
          index: 14,
          type: 'date',
          text: "Date of the most recent published change to the authority's IDERA practice.",
          min: DATE_MIN,
        }),
        idera({
          index: 15,
          type: 'radio',
          text: 'Would the IDERA be honoured if the debtor were subject to insolvency proceedings?',
          options: [
            { id: 41, label: 'Yes' },
            { id: 42, label: "Yes, but only with the insolvency administrator's consent" },
            { id: 43, label: 'No' },
            { id: 44, label: 'Uncertain or untested' },
          ],
        }),
        idera({ index: 16, type: 'textarea', text: 'Explain the uncertainty and any relevant case law or commentary.' }, is(15, 44)),
      ],
    },
    {
      sectionId: SectionIds.Liens,
      title: 'Non-Consensual Rights and Liens',
      questions: [
        {
          index: 0,
          type: 'radio',
          text: 'Does national law confer non-consensual rights or liens that have priority over a registered international interest in an aircraft object?',
          options: yesNo(46, 47),
        },
        {
          index: 1,
          type: 'checkbox',
          text: 'Which non-consensual rights or liens exist?',
          options: [
            { id: 48, label: 'Air-navigation and Eurocontrol charges' },
            { id: 49, label: 'Airport and landing charges' },
            { id: 50, label: 'Taxes, customs and excise duties' },
            { id: 51, label: "Repairers' and maintenance providers' liens" },
            { id: 117, label: "Unpaid employees' wages" },
          ],
          showIf: and(liensOpen, is(0, 46)),
        },
        {
          index: 2,
          type: 'radio',
          text: "Is the repairer's lien limited to the value of the work done on the aircraft in the repairer's possession?",
          options: yesNo(53, 54),
          showIf: and(liensOpen, includes(1, 51)),
        },
        {
          index: 3,
          type: 'radio',
          text: 'Do these rights extend to other aircraft of the same operator (fleet liens)?',
          options: yesNo(55, 56),
          showIf: liensOpen,
        },
        {
          index: 4,
          type: 'radio',
          text: 'Are all these rights covered by a declaration under Article 39 or Article 40 of the Convention?',
          options: yesNo(57, 58),
          showIf: liensOpen,
        },
        {
          index: 5,
          type: 'textarea',
          text: 'Identify the statutes that create these rights and describe their priority.',
          showIf: liensOpen,
        },
        {
          index: 6,
          type: 'number',
          text: 'Approximate number of cases in the last five years in which such a right was enforced against a leased or financed aircraft.',
          min: 0,
          showIf: liensOpen,
        },
        {
          index: 7,
          type: 'select',
          text: 'Which creditors most often assert these rights?',
          options: [
            { id: 120, label: 'Airport operators' },
            { id: 121, label: 'Air-navigation service providers' },
            { id: 122, label: 'Tax and customs authorities' },
            { id: 123, label: 'Maintenance providers' },
          ],
          showIf: liensOpen,
        },
        {
          index: 8,
          type: 'textarea',
          text: 'Describe how the holder of such a right enforces it (judicial sale, retention or otherwise).',
          showIf: liensOpen,
        },
        { index: 9, type: 'textarea', text: 'Describe any reform proposals affecting these rights.', showIf: liensOpen },
        {
          index: 10,
          type: 'radio',
          text: 'Can an aircraft be detained to secure payment of the amounts these rights secure?',
          options: yesNo(52, 59),
        },
        {
          index: 11,
          type: 'textarea',
          text: 'Describe the detention procedure and the authority that carries it out.',
          showIf: is(10, 52),
        },
        {
          index: 12,
          type: 'radio',
          text: 'Can the detention be lifted by providing security?',
          options: yesNo(124, 125),
          showIf: is(10, 52),
        },
        { index: 13, type: 'number', text: 'Typical duration of such a detention (days).', min: 0, showIf: is(10, 52) },
      ],
    },
    {
      sectionId: SectionIds.Detention,
      title: 'Detention Rights',
      questions: [
        {
          index: 0,
          type: 'radio',
          text: 'May public authorities or creditors detain or arrest an aircraft in the State for debts of its operator?',
          options: yesNo(60, 61),
        },
        {
          index: 1,
          type: 'checkbox',
          text: 'Who may detain or arrest the aircraft?',
          options: [
            { id: 62, label: 'Airport operators' },
            { id: 63, label: 'Air-navigation service providers' },
            { id: 65, label: 'Tax and customs authorities' },
            { id: 66, label: 'Unsecured creditors under a court order' },
          ],
          showIf: and(detentionOpen, is(0, 60)),
        },
        {
          index: 2,
          type: 'radio',
          text: 'May an aircraft be detained for debts of a previous operator or owner?',
          options: yesNo(67, 68),
          showIf: detentionOpen,
        },
        { index: 3, type: 'textarea', text: 'Describe the legal basis of each detention right.', showIf: detentionOpen },
        {
          index: 4,
          type: 'number',
          text: 'How many days does it usually take to release a detained aircraft once the debt is paid or secured?',
          min: 0,
          showIf: detentionOpen,
        },
        {
          index: 5,
          type: 'radio',
          text: 'Can the owner or a registered creditor obtain release by posting security?',
          options: yesNo(126, 127),
          showIf: detentionOpen,
        },
        {
          index: 6,
          type: 'textarea',
          text: 'Describe any notice given to the registered owner or creditor before a detention.',
          showIf: detentionOpen,
        },
        {
          index: 7,
          type: 'date',
          text: 'Date of the most recent detention of a leased or financed aircraft known to you.',
          min: DATE_MIN,
          showIf: detentionOpen,
        },
        { index: 8, type: 'textarea', text: 'Cite the relevant case law.', showIf: detentionOpen },
        {
          index: 9,
          type: 'radio',
          text: 'Has detention been used in practice against aircraft subject to a registered international interest?',
          options: yesNo(64, 69),
        },
        { index: 10, type: 'textarea', text: 'Describe those cases.', showIf: is(9, 64) },
        {
          index: 11,
          type: 'radio',
          text: "Did the registered creditor's interest survive the detention and any sale?",
          options: yesNo(128, 129),
          showIf: is(9, 64),
        },
        {
          index: 12,
          type: 'radio',
          text: 'Is legislation pending that would limit detention rights over aircraft objects?',
          options: [
            { id: 119, label: 'Yes' },
            { id: 118, label: 'No' },
          ],
        },
        { index: 13, type: 'textarea', text: 'Describe the pending legislation and its expected timetable.', showIf: is(12, 119) },
      ],
    },
    {
      sectionId: SectionIds.Comments,
      title: 'Comments',
      description: 'There is a limit of 500 words per box.',
      questions: [
        {
          index: 0,
          type: 'wysiwyg',
          text: 'General comments on the implementation of the Convention and the Aircraft Protocol in the State.',
        },
        { index: 1, type: 'wysiwyg', text: 'Comments on recent court decisions and administrative practice.' },
        {
          index: 2,
          type: 'tags',
          text: 'Which other international instruments relevant to aircraft finance is the State party to?',
          options: [
            { id: 130, label: 'Geneva Convention on the International Recognition of Rights in Aircraft (1948)' },
            { id: 131, label: 'New York Convention on Foreign Arbitral Awards (1958)' },
            { id: 132, label: 'Hague Convention on Choice of Court Agreements (2005)' },
            { id: 133, label: 'Hague Judgments Convention (2019)' },
            { id: 134, label: 'UNCITRAL Model Law on Cross-Border Insolvency (enacted)' },
          ],
        },
      ],
    },
    {
      sectionId: SectionIds.VariableB,
      title: 'Variable B: Insolvency (Article XI, Alternative A)',
      questions: [
        {
          index: 0,
          type: 'radio',
          text: 'Has the State made a declaration under Article XXX(3) applying Alternative A of Article XI of the Aircraft Protocol?',
          options: yesNo(70, 71),
        },
        {
          index: 1,
          type: 'number',
          text: 'Waiting period specified in the declaration (calendar days).',
          min: 0,
          max: 365,
          showIf: is(0, 70),
        },
        {
          index: 2,
          type: 'radio',
          text: 'Have the insolvency courts applied Alternative A as declared?',
          options: [
            { id: 72, label: 'Yes, applied as declared' },
            { id: 73, label: 'No, not applied as declared' },
            { id: 74, label: 'Not yet tested' },
          ],
        },
        {
          index: 3,
          type: 'textarea',
          text: 'Cite the proceedings in which Alternative A was applied and the time taken to give possession to the creditor.',
          showIf: is(2, 72),
        },
        {
          index: 4,
          type: 'radio',
          text: 'May the insolvency administrator or the debtor retain the aircraft beyond the waiting period without curing all defaults?',
          options: yesNo(75, 76),
        },
        { index: 5, type: 'textarea', text: 'Describe any qualification in national insolvency law to the application of Alternative A.' },
        {
          index: 6,
          type: 'radio',
          text: 'In insolvency proceedings, do the registry and export authorities act on an IDERA at the request of its holder?',
          options: yesNo(77, 78),
          showIf: { ideraDeclaration: true },
        },
      ],
    },
    {
      sectionId: SectionIds.ProtectionismA,
      title: 'Protectionism A: Choice of Foreign Law',
      questions: [
        {
          index: 0,
          type: 'radio',
          text: 'Will the courts of the State uphold a choice of foreign law to govern an aircraft lease or security agreement (Article VIII of the Aircraft Protocol)?',
          options: [
            { id: 80, label: 'Yes' },
            { id: 81, label: 'Yes, with limitations' },
            { id: 82, label: 'No' },
          ],
        },
        {
          index: 1,
          type: 'autocomplete',
          text: 'Which governing law is most commonly chosen in cross-border aircraft finance transactions with debtors situated in the State?',
          freeText: true,
          options: [
            { id: 83, label: 'English law' },
            { id: 84, label: 'New York law' },
            { id: 85, label: 'Irish law' },
            { id: 86, label: 'The law of the State' },
            { id: 87, label: 'Other' },
          ],
        },
        {
          index: 2,
          type: 'textarea',
          text: 'Describe any mandatory local-law rules or public-policy exceptions that may override the chosen law.',
        },
      ],
    },
    {
      sectionId: SectionIds.ProtectionismB,
      title: 'Protectionism B: Submission to Foreign Jurisdiction',
      questions: [
        {
          index: 0,
          type: 'radio',
          text: 'Will the courts of the State give effect to an agreement submitting disputes to the exclusive jurisdiction of foreign courts (Article 42 of the Convention)?',
          options: yesNo(88, 89),
        },
        {
          index: 1,
          type: 'tags',
          text: 'Foreign courts whose jurisdiction is commonly chosen and upheld.',
          options: [
            { id: 90, label: 'England and Wales' },
            { id: 91, label: 'New York (State and Federal)' },
            { id: 92, label: 'Ireland' },
            { id: 93, label: 'Singapore' },
            { id: 94, label: 'Other' },
          ],
        },
        { index: 2, type: 'textarea', text: 'Cite decisions on foreign jurisdiction clauses.' },
      ],
    },
    {
      sectionId: SectionIds.ProtectionismC,
      title: 'Protectionism C: Enforcement of Foreign Judgements',
      questions: [
        {
          index: 0,
          type: 'radio',
          text: 'Are foreign money judgements enforced without a review of the merits?',
          options: [
            { id: 95, label: 'Yes' },
            { id: 96, label: 'Only on reciprocity or under a treaty' },
            { id: 97, label: 'No' },
          ],
        },
        { index: 1, type: 'number', text: 'Typical time to obtain recognition of a foreign judgement (months).', min: 0 },
        { index: 2, type: 'textarea', text: 'Describe the grounds on which recognition may be refused.' },
      ],
    },
    {
      sectionId: SectionIds.ProtectionismD,
      title: 'Protectionism D: Recognition of Foreign Arbitral Awards',
      questions: [
        { index: 0, type: 'radio', text: 'Are foreign arbitral awards recognised and enforced in the State?', options: yesNo(98, 99) },
        { index: 1, type: 'number', text: 'Typical time to obtain enforcement of a foreign arbitral award (months).', min: 0 },
        {
          index: 2,
          type: 'radio',
          text: 'Is the State a party to the 1958 New York Convention on the Recognition and Enforcement of Foreign Arbitral Awards?',
          options: yesNo(100, 101),
        },
        // "q3 shown conditionally (depending on party status)": only a party can have made a reservation
        {
          index: 3,
          type: 'radio',
          text: 'Has the State made the reciprocity or the commercial reservation under Article I(3) of the New York Convention?',
          options: yesNo(102, 103),
          showIf: is(2, 100),
        },
        { index: 4, type: 'textarea', text: 'Describe any grounds on which the courts have refused enforcement.' },
      ],
    },
    {
      sectionId: SectionIds.ContractInterpretation,
      title: 'Strict Rule-Based Contract Interpretation',
      questions: [
        {
          index: 0,
          type: 'radio',
          text: 'Do the courts enforce aircraft lease and security agreements according to their express terms, including the events of default and the remedies?',
          options: [
            { id: 104, label: 'Yes' },
            { id: 105, label: 'Generally, with exceptions' },
            { id: 106, label: 'No' },
          ],
        },
        {
          index: 1,
          type: 'textarea',
          text: 'Describe any doctrines (good faith, penalties, equitable relief) the courts apply to relieve a defaulting debtor.',
        },
        {
          index: 2,
          type: 'date',
          text: 'Date of the most recent leading decision on contract interpretation in aviation finance.',
          min: DATE_MIN,
        },
      ],
    },
    {
      sectionId: SectionIds.Enforcement,
      title: 'Strict Application and Enforcement of New Commercial Laws',
      questions: [
        {
          index: 0,
          type: 'radio',
          text: 'Do the courts and authorities apply the Convention and the Aircraft Protocol as enacted, without reading in local-law restrictions?',
          options: yesNo(107, 108),
        },
        {
          index: 1,
          type: 'select',
          text: 'How familiar are the courts with the Convention and the Aircraft Protocol?',
          options: [
            { id: 109, label: 'Very familiar' },
            { id: 110, label: 'Somewhat familiar' },
            { id: 111, label: 'Not familiar' },
          ],
        },
        { index: 2, type: 'textarea', text: 'Give examples.' },
      ],
    },
    {
      sectionId: SectionIds.NonBankruptcy,
      title: 'Timely Repossession Outside Insolvency',
      questions: [
        {
          index: 0,
          type: 'number',
          text: 'Typical number of days to obtain possession of an aircraft after a default outside insolvency, using speedy relief (Article X of the Aircraft Protocol, Article 13 of the Convention).',
          min: 0,
        },
        {
          index: 1,
          type: 'radio',
          text: 'Are self-help remedies without a court order available where the debtor agreed to them (Article IX of the Aircraft Protocol, Article 54(2) of the Convention)?',
          options: yesNo(112, 113),
        },
        { index: 2, type: 'textarea', text: 'Describe the steps and the obstacles creditors meet in practice.' },
      ],
    },
    {
      sectionId: SectionIds.Bankruptcy,
      title: 'Timely Repossession Inside Insolvency',
      questions: [
        {
          index: 0,
          type: 'number',
          text: 'Typical number of days for a creditor to obtain possession of an aircraft after insolvency proceedings are opened against the debtor.',
          min: 0,
        },
        {
          index: 1,
          type: 'radio',
          text: 'Is the waiting period of the Alternative A declaration observed in practice?',
          options: yesNo(114, 115),
        },
        {
          index: 2,
          type: 'textarea',
          text: 'Describe recent airline insolvencies in the State and how the aircraft were returned to creditors.',
        },
      ],
    },
  ],
};
