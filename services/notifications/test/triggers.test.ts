import type { EventData } from '@cti/contracts';
import { publishedEvents } from '@cti/testing';

import {
  alertsOf,
  consumed,
  facts,
  follow,
  givenCountry,
  givenUser,
  publishEvent,
  scoresSaved,
  startBed,
  waitForMails,
  type Bed,
  type TestUser,
} from './support/notifications-kit';

// several waits on a real stack per test: generous on a loaded machine
jest.setTimeout(180_000);

let bed: Bed;
let ireland: string;
let chile: string;
let reader: TestUser;
let events = 0;

beforeAll(async () => {
  bed = await startBed();
  ireland = await givenCountry(bed, 'Ireland', 'IE');
  chile = await givenCountry(bed, 'Chile', 'CL');
  events = 2;
  reader = await givenUser(bed, 'reader@example.com', ['Standard']);
  await follow(bed, reader, ireland);
});
afterAll(() => bed.close());

/** Publishes scoring's event for Ireland and answers the alert the follower then finds in the app and in their mailbox. */
async function alertFor(before: Parameters<typeof facts>[0] | null, after: Parameters<typeof facts>[0]) {
  const mailsBefore = (await alertsOf(bed, reader)).Items.length;
  await publishEvent(bed, 'evt.scoring.scores.saved', scoresSaved(ireland, 'Ireland', before ? facts(before) : null, facts(after)));
  await consumed(bed, ++events);
  const list = await alertsOf(bed, reader);
  expect(list.Items).toHaveLength(mailsBefore + 1);
  const [mail] = await waitForMails(bed, reader.email, mailsBefore + 1);
  return { item: list.Items[0], mail: mail };
}

it('tells a follower when a new period’s scores are released, at once, by e-mail and in the app, linking to the scorecard', async () => {
  const { item, mail } = await alertFor(null, { periodName: '2025 1st Q', score: 70, category: 'Medium' });
  expect(item).toMatchObject({
    Group: 'Ireland',
    GroupId: ireland,
    Kinds: ['period', 'asu'],
    Line: 'Ireland: 2025 1st Q scores released: 70 (Medium); ASU eligibility: Eligible',
    Link: `/index/${ireland}`,
    Read: false,
  });
  expect(mail.Subject).toBe(item.Line);
  expect(mail.Kind).toBe('alert');
  expect(mail.Links).toEqual(
    expect.arrayContaining([
      { Href: `http://cti.test/index/${ireland}`, Text: 'Open Ireland scorecard' },
      {
        Href: expect.stringMatching(/^http:\/\/cti\.test\/notifications\/unsubscribe\/[\w-]+\.[\w-]+$/),
        Text: 'Stop alerts about Ireland',
      },
      { Href: expect.stringMatching(/^http:\/\/cti\.test\/notifications\/unsubscribe\//), Text: 'Turn off alert e-mails' },
    ]),
  );
});

it('says what changed and why when the score and category change (the explained-history wording)', async () => {
  const { item } = await alertFor({ score: 70, category: 'Medium' }, { A: 5, B: 5, score: 80, category: 'High' });
  expect(item.Kinds).toEqual(['category']);
  expect(item.Line).toBe('Ireland: score 70 → 80 (A 4→5, +5.0, B 4→5, +5.0, Medium → High)');
});

it('tells when the country enters and leaves the watchlist, with the notice, linking to the notices', async () => {
  const entered = await alertFor(
    { score: 80, category: 'High', A: 5, B: 5 },
    { score: 80, category: 'High', A: 5, B: 5, watchlist: true, notice: '<p>New insolvency law &amp; court practice under review</p>' },
  );
  expect(entered.item).toMatchObject({
    Kinds: ['watchlist'],
    Line: 'Ireland: placed on the watchlist: New insolvency law & court practice under review',
    Link: `/index/${ireland}#notices`,
  });
  const left = await alertFor({ score: 80, category: 'High', A: 5, B: 5, watchlist: true }, { score: 80, category: 'High', A: 5, B: 5 });
  expect(left.item.Line).toBe('Ireland: removed from the watchlist');
});

it('tells when a special notice or a score-adjustment notice is published', async () => {
  const special = await alertFor(
    { score: 80, category: 'High' },
    { score: 80, category: 'High', isSpecialNotice: true, notice: 'Elections due' },
  );
  expect(special.item).toMatchObject({ Kinds: ['notice'], Line: 'Ireland: special notice published: Elections due' });
  const adjusted = await alertFor(
    { score: 80, category: 'High', isSpecialNotice: true, notice: 'Elections due' },
    {
      score: 80,
      category: 'High',
      isSpecialNotice: true,
      notice: 'Elections due',
      isPBA: true,
      PBA: 2,
    },
  );
  expect(adjusted.item).toMatchObject({
    Kinds: ['adjustment'],
    Line: 'Ireland: score adjustment notice: precedent adjustment No adjustment → Level II',
  });
});

it('tells when the ASU eligibility changes, and when the country is suspended', async () => {
  const { item } = await alertFor(
    { score: 80, category: 'High', A: 5 },
    { score: 80, category: 'High', A: 5, asu: 'Not Eligible', suspended: true },
  );
  expect(item).toMatchObject({ Kinds: ['suspension', 'asu'], Line: 'Ireland: suspended; ASU eligibility Eligible → Not Eligible' });
});

it('says nothing when a save leaves what readers see unchanged, and nothing about countries not followed', async () => {
  const before = (await alertsOf(bed, reader)).Items.length;
  await publishEvent(bed, 'evt.scoring.scores.saved', scoresSaved(ireland, 'Ireland', facts(), facts()));
  await publishEvent(bed, 'evt.scoring.scores.saved', scoresSaved(chile, 'Chile', null, facts()));
  events += 2;
  await consumed(bed, events);
  expect((await alertsOf(bed, reader)).Items).toHaveLength(before);
});

it('tells followers about new supporting and ACID documents, each only to those who may read it', async () => {
  const viewer = await givenUser(bed, 'viewer@example.com', ['CountryViewer'], [ireland]);
  const other = await givenUser(bed, 'other@example.com', ['Standard']);
  await follow(bed, viewer, ireland);
  await follow(bed, other, chile);
  const doc = (over: Partial<EventData<'evt.documents.document.added'>>): EventData<'evt.documents.document.added'> => ({
    documentId: 'd',
    kind: 'supporting',
    s3Name: 's3',
    title: '',
    fileName: 'law.pdf',
    access: 'Global',
    groupId: null,
    groupName: null,
    ...over,
  });
  // Member documents are for the country's own members; Global ones for every documents reader
  await publishEvent(
    bed,
    'evt.documents.document.added',
    doc({ title: 'Irish insolvency act', access: 'Member', groupId: ireland, groupName: 'Ireland' }),
  );
  await publishEvent(bed, 'evt.documents.document.added', doc({ title: 'Practice note', access: 'Global' }));
  await publishEvent(bed, 'evt.documents.document.added', doc({ kind: 'acid', title: 'Court ruling 2025', access: 'Public' }));
  await publishEvent(bed, 'evt.documents.document.added', doc({ kind: 'acid', title: 'Private memo', access: 'Private' }));
  events += 4;
  await consumed(bed, events);
  const lines = async (u: TestUser) => (await alertsOf(bed, u)).Items.map((i) => [i.Line, i.Link]);
  // ACID documents, public ones too, are for IsACID users only: neither reader is told of them
  expect(await lines(viewer)).toEqual([
    ['New supporting document “Practice note”', '/documents'],
    ['Ireland: new supporting document “Irish insolvency act”', '/documents'],
  ]);
  expect(await lines(other)).toEqual([['New supporting document “Practice note”', '/documents']]);
  expect((await lines(reader)).slice(0, 1)).toEqual(await lines(other));
});

it('records every alert e-mail it sent as an event (audit records them)', async () => {
  const sent = await publishedEvents(bed.notifications, 'evt.notifications.alert.sent', 6);
  expect(sent[0].data).toMatchObject({
    userId: reader.id,
    email: reader.email,
    mode: 'immediate',
    alertCount: 1,
    groupNames: ['Ireland'],
  });
  const follows = await publishedEvents(bed.notifications, 'evt.notifications.follow.added', 1);
  expect(follows[0].data).toMatchObject({ userId: reader.id, groupId: ireland, groupName: 'Ireland' });
});
