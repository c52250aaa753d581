import { randomUUID } from 'node:crypto';

import type { DomainEvent, EventActor } from '@cti/contracts';
import { sql, type Insertable, type Kysely } from '@cti/db';

import { auditRowOf } from '../src/audit-log/record-event';
import { chainHash, type ChainedContent } from '../src/chain/chain-hash';
import { changeColumns } from '../src/chain/row-content';
import type { AuditDB, AuditRowsTable } from '../src/db';

/** A small seeded generator, so two runs build the same data. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)],
  };
}

const SYLLABLES = [
  'an',
  'bel',
  'cor',
  'dra',
  'el',
  'fin',
  'gar',
  'hol',
  'is',
  'jun',
  'kar',
  'lo',
  'mar',
  'nor',
  'os',
  'pol',
  'qua',
  'ri',
  'sel',
  'tan',
  'ur',
  'val',
  'wes',
  'xi',
  'yor',
  'zan',
];
const FIRST = [
  'Ada',
  'Rory',
  'Roisin',
  'Vera',
  'Maeve',
  'Morgan',
  'Erin',
  'Sam',
  'Pierre',
  'Ana',
  'Lukas',
  'Mei',
  'Omar',
  'Ines',
  'Jonas',
  'Priya',
  'Kofi',
  'Sofia',
  'Mateo',
  'Hana',
];
const LAST = [
  'Admin',
  'Respondent',
  'Viewer',
  'Manager',
  'Member',
  'Okafor',
  'Silva',
  'Nakamura',
  'Dubois',
  'Novak',
  'Haddad',
  'Costa',
  'Larsen',
  'Moreau',
  'Petrov',
  'Kaur',
  'Mensah',
  'Rossi',
  'Garcia',
  'Kim',
];
const QUESTIONS = [
  'Has the State made an IDERA declaration?',
  'Are non-consensual rights or interests preserved?',
  'Is the remedy of de-registration available within five working days?',
  'Which courts have jurisdiction over claims under the Convention?',
  'Are foreign arbitral awards enforced without review of the merits?',
  'Describe the timing of repossession outside insolvency.',
  'Describe the timing of repossession inside insolvency.',
  'Is the choice of a foreign law respected?',
];
const ANSWERS = [
  'Yes',
  'No',
  'Partially, subject to court approval',
  'Within 60 days',
  'Within 30 days',
  'Not applicable',
  'See the comments of the working group',
  'A declaration under Article XXX was deposited',
];

interface Person {
  actor: EventActor;
  /** Events' data name the address (logins, mails); the actor no longer carries it. */
  email: string;
  /** Country groups (respondents and viewers). */
  countryId: string | null;
}

/** The population behind the generated log: countries, their respondents and viewers, members and admins. */
function population(random: ReturnType<typeof seededRandom>, countries: number, users: number) {
  const countryNames = Array.from({ length: countries }, (_, i) => {
    const name = `${random.pick(SYLLABLES)}${random.pick(SYLLABLES)}${random.pick(SYLLABLES)}`;
    return { id: `g-${i}`, name: `${name[0].toUpperCase()}${name.slice(1)}ia ${i}` };
  });
  const people: Person[] = Array.from({ length: users }, (_, i) => {
    const name = `${random.pick(FIRST)} ${random.pick(LAST)} ${i}`;
    const kind = random.next();
    const country = kind < 0.85 ? random.pick(countryNames) : null;
    const groupNames = country ? [country.name] : kind < 0.95 ? ['AWG Members'] : [];
    return { actor: { userId: `u-${i}`, name, groupNames }, email: `user${i}@example.com`, countryId: country?.id ?? null };
  });
  return { countryNames, people };
}

const PERIODS = [
  { id: 'p-2024-09', name: '2024 September' },
  { id: 'p-2025-03', name: '2025 March' },
  { id: 'p-2025-09', name: '2025 September' },
];

/** One plausible event at a time, weighted like a working platform: logins, section locks and answers dominate. */
function eventFactory(random: ReturnType<typeof seededRandom>, countries: Array<{ id: string; name: string }>, people: Person[]) {
  const countryName = new Map(countries.map((c) => [c.id, c.name]));
  const at = (p: Person) => {
    const groupId = p.countryId ?? random.pick(countries).id;
    const period = random.pick(PERIODS);
    return {
      questionnaireId: `q-${groupId}-${period.id}`,
      groupId,
      groupName: countryName.get(groupId)!,
      periodId: period.id,
      periodName: period.name,
    };
  };
  const weighted: Array<[number, (p: Person) => Pick<DomainEvent, 'type' | 'data'>]> = [
    [28, (p) => ({ type: 'evt.identity.user.loggedIn', data: { userId: p.actor.userId, email: p.email, free: false } })],
    [8, (p) => ({ type: 'evt.identity.user.loggedOut', data: { userId: p.actor.userId, email: p.email, free: false } })],
    [
      14,
      (p) => ({
        type: 'evt.questionnaire.section.locked',
        data: { ...at(p), sectionId: random.pick([8, 9, 10, 11, 12, 14, 16, 17, 18, 19, 20, 21, 22, 23]), userId: p.actor.userId },
      }),
    ],
    [
      14,
      (p) => ({
        type: 'evt.questionnaire.section.unlocked',
        data: { ...at(p), sectionId: random.pick([8, 9, 10, 11, 12, 14, 16, 17, 18, 19, 20, 21, 22, 23]), userId: p.actor.userId },
      }),
    ],
    [
      22,
      (p) => {
        const q = random.int(QUESTIONS.length);
        return {
          type: 'evt.questionnaire.answer.saved',
          data: {
            ...at(p),
            sectionId: 9,
            questionId: `question-${q}`,
            question: QUESTIONS[q],
            before: random.pick(ANSWERS),
            after: random.pick(ANSWERS),
          },
        };
      },
    ],
    [3, (p) => ({ type: 'evt.identity.user.agreed', data: { userId: p.actor.userId, email: p.email } })],
    [
      1,
      (p) => ({
        type: 'evt.questionnaire.consent.given',
        data: { ...at(p), userId: p.actor.userId, answer: random.next() < 0.9 ? 'Yes' : 'No' },
      }),
    ],
    [
      0.5,
      (p) => ({
        type: 'evt.questionnaire.approval.added',
        data: { ...at(p), userId: p.actor.userId, name: p.actor.name, organizationName: 'Law Partners' },
      }),
    ],
    [
      0.5,
      (p) => ({ type: 'evt.scoring.scores.saved', data: { ...at(p), score: random.int(200) / 2, category: 'High', previousScore: null } }),
    ],
    [
      4,
      (p) => ({
        type: 'evt.identity.mail.sent',
        data: { mailId: randomUUID(), kind: 'notice', to: [p.email], subject: 'Your questionnaire was updated' },
      }),
    ],
    [
      1,
      (p) => ({
        type: 'evt.identity.user.updated',
        data: {
          userId: p.actor.userId,
          email: p.email,
          name: p.actor.name,
          organizationName: 'Law Partners',
          roles: [7],
          groupIds: [],
          disabled: false,
        },
      }),
    ],
    [
      0.5,
      (p) => ({
        type: 'evt.commerce.purchase.completed',
        data: {
          purchaseId: randomUUID(),
          userId: p.actor.userId,
          productId: 'enhanced',
          productName: 'Enhanced subscription',
          amountCents: 2_000_000,
          currency: 'USD',
          transactionId: `tx-${random.int(1e9)}`,
          grant: { roles: ['Enhanced'], groupIds: [], expiresOn: null },
        },
      }),
    ],
  ];
  const total = weighted.reduce((s, [w]) => s + w, 0);
  return (occurredAt: string): DomainEvent => {
    const who = random.pick(people);
    let roll = random.next() * total;
    const [, make] = weighted.find(([w]) => (roll -= w) < 0) ?? weighted[0];
    return { id: randomUUID(), occurredAt, actor: who.actor, ...make(who) } as DomainEvent;
  };
}

export interface GenerateOptions {
  rows: number;
  /** The rows spread evenly over this many days up to now. */
  days: number;
  chainKey: string;
  seed?: number;
  batch?: number;
  onProgress?: (done: number, total: number) => void;
}

/**
 * Appends `rows` audit rows (Response rows with their change records, and the filter values) to the chain,
 * built by the service's own row builder from plausible events and linked with the
 * service's own chain hash, in batches.
 */
export async function generateAuditRows(db: Kysely<AuditDB>, options: GenerateOptions): Promise<void> {
  const random = seededRandom(options.seed ?? 42);
  const { countryNames, people } = population(random, 120, 3000);
  const nextEvent = eventFactory(random, countryNames, people);
  const batch = options.batch ?? 2000;
  const head = await db.selectFrom('auditChainHead').select(['lastSeq', 'lastHash']).where('id', '=', 1).executeTakeFirstOrThrow();
  let seq = Number(head.lastSeq);
  let previous: Buffer = head.lastHash;
  const span = options.days * 86_400_000;
  const start = Date.now() - span;
  const filterValues = new Map<string, Set<string>>([
    ['Action', new Set()],
    ['Name', new Set()],
    ['Country', new Set()],
  ]);

  for (let done = 0; done < options.rows;) {
    const size = Math.min(batch, options.rows - done);
    const rows: Array<Insertable<AuditRowsTable>> = [];
    for (let i = 0; i < size; i++) {
      const occurredAt = new Date(start + Math.floor(((done + i) / options.rows) * span)).toISOString();
      const row = auditRowOf(nextEvent(occurredAt));
      const content: ChainedContent = { ...row, seq: ++seq };
      const hash = chainHash(options.chainKey, previous, content);
      previous = hash;
      const { change, ...columns } = content;
      rows.push({ ...columns, ...changeColumns(change), hash });
      filterValues.get('Action')!.add(row.action);
      filterValues.get('Name')!.add(row.name);
      if (row.country) filterValues.get('Country')!.add(row.country);
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('auditRows').values(rows).execute();
      await trx.updateTable('auditChainHead').set({ lastSeq: seq, lastHash: previous }).where('id', '=', 1).execute();
    });
    done += size;
    options.onProgress?.(done, options.rows);
  }
  const values = [...filterValues].flatMap(([key, set]) => [...set].map((value) => ({ key, value })));
  for (let i = 0; i < values.length; i += 5000) {
    await db
      .insertInto('auditFilterValues')
      .values(values.slice(i, i + 5000))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  await sql`vacuum analyze audit_rows`.execute(db);
  await sql`analyze audit_filter_values`.execute(db);
}
