import { RoleIds } from '@cti/access';
import { NotificationMessages } from '@cti/contracts';
import { eventually, updateUserThroughIdentity } from '@cti/testing';

import {
  alertsOf,
  auth,
  consumed,
  emailsSettled,
  facts,
  follow,
  givenCountry,
  givenUser,
  mailsTo,
  publishEvent,
  scoresSaved,
  startBed,
  tokenOf,
  waitForMails,
  type Bed,
} from './support/notifications-kit';

// several waits on a real stack per test: generous on a loaded machine
jest.setTimeout(180_000);

let bed: Bed;
let ireland: string;
let britain: string;
let events = 0;

beforeAll(async () => {
  bed = await startBed({ PUBLIC_COUNTRY_ID: 'GB' });
  ireland = await givenCountry(bed, 'Ireland', 'IE');
  britain = await givenCountry(bed, 'United Kingdom', 'GB');
  events = 2;
});
afterAll(() => bed.close());

const scoreChange = async (groupId: string, name: string, from: number, to: number) => {
  await publishEvent(
    bed,
    'evt.scoring.scores.saved',
    scoresSaved(groupId, name, facts({ score: from, category: 'Medium' }), facts({ A: 5, score: to, category: 'Medium' })),
  );
  await consumed(bed, ++events);
};

it('lets a user follow only countries whose scorecard they may open', async () => {
  const free = await givenUser(bed, 'free@example.com', ['FreeAccess']);
  const respondent = await givenUser(bed, 'respondent@example.com', ['CountryRespondent'], [ireland]);
  const put = (token: string, groupId: string) =>
    bed.notifications.inject({ method: 'PUT', url: `/api/follow/${groupId}`, headers: auth(token) });
  // free users open the one public country only; respondents their own country
  expect((await put(free.token, ireland)).json()).toMatchObject({ statusCode: 403, message: NotificationMessages.noAccess });
  expect((await put(free.token, britain)).statusCode).toBe(200);
  expect((await put(respondent.token, ireland)).statusCode).toBe(200);
  expect((await put(respondent.token, britain)).statusCode).toBe(200);
  expect((await put(respondent.token, '00000000-0000-4000-8000-000000000000')).json()).toMatchObject({
    statusCode: 404,
    message: NotificationMessages.countryNotFound,
  });
  expect((await bed.notifications.inject({ method: 'PUT', url: `/api/follow/${ireland}` })).statusCode).toBe(401);
  // ids that are no ids get a clear 400, never a query
  for (const bad of ['%00', 'x%00y', "a'b", 'a%20b']) expect((await put(respondent.token, bad)).statusCode).toBe(400);
  expect((await put(respondent.token, 'x'.repeat(101))).statusCode).toBe(414);
});

it('never e-mails a user about a country they may no longer see: their role expired, or was refunded', async () => {
  const lapsed = await givenUser(bed, 'lapsed@example.com', ['Standard']);
  const refunded = await givenUser(bed, 'refunded@example.com', ['Standard']);
  const steady = await givenUser(bed, 'steady@example.com', ['Standard']);
  await follow(bed, lapsed, ireland);
  await follow(bed, refunded, ireland);
  await follow(bed, steady, ireland);
  // a refund takes the purchased role back in identity (the account keeps a role that opens no scorecard)
  await updateUserThroughIdentity(bed.identity, { id: refunded.id, email: refunded.email, roleIds: [RoleIds.CFTPackage], groupIds: [] });
  // the other's Standard role ends after they followed (identity's admin API takes it away; it sets no past expiry on one role)
  await updateUserThroughIdentity(bed.identity, { id: lapsed.id, email: lapsed.email, roleIds: [RoleIds.CFTPackage], groupIds: [] });
  await scoreChange(ireland, 'Ireland', 60, 65);
  await waitForMails(bed, steady.email, 1);
  await emailsSettled(bed);
  expect(await mailsTo(bed, lapsed.email)).toEqual([]);
  expect(await mailsTo(bed, refunded.email)).toEqual([]);
  const states = await bed.notifications.db
    .selectFrom('alerts')
    .select(['userId', 'emailState'])
    .where('userId', 'in', [lapsed.id, refunded.id, steady.id])
    .execute();
  const who = (id: string) => (id === lapsed.id ? 'lapsed' : id === refunded.id ? 'refunded' : 'steady');
  expect(Object.fromEntries(states.map((s) => [who(s.userId), s.emailState]))).toEqual({
    lapsed: 'withheld',
    refunded: 'withheld',
    steady: 'sent',
  });
  // nor shows it in the app to them as they are now; the follow list says the country is out of reach
  // identity ended the sessions the change found: a token of this user counts once signed after it (the next second)
  const now = await eventually(async () => {
    const token = tokenOf(lapsed.id, lapsed.email, []);
    const res = await bed.notifications.inject({ method: 'GET', url: '/api/notifications/list', headers: auth(token) });
    return res.statusCode === 200 && token;
  });
  expect((await alertsOf(bed, lapsed, now)).Items).toEqual([]);
  expect((await alertsOf(bed, lapsed, now)).UnreadCount).toBe(0);
  const following = await bed.notifications.inject({ method: 'GET', url: '/api/follow', headers: auth(now) });
  expect(following.json()).toEqual([expect.objectContaining({ Group: 'Ireland', Visible: false })]);
});

it('sends nothing to a disabled account, and still tells a free user about the public country', async () => {
  const disabled = await givenUser(bed, 'disabled@example.com', ['Standard']);
  const free = await givenUser(bed, 'free-reader@example.com', ['FreeAccess']);
  await follow(bed, disabled, britain);
  await follow(bed, free, britain);
  await updateUserThroughIdentity(bed.identity, {
    id: disabled.id,
    email: disabled.email,
    roleIds: [RoleIds.Standard],
    groupIds: [],
    disabled: true,
  });
  await scoreChange(britain, 'United Kingdom', 60, 65);
  const [mail] = await waitForMails(bed, free.email, 1);
  // a free user sees the public scorecard, not its details: the score, without the why
  expect(mail!.Subject).toBe('United Kingdom: score 60 → 65');
  await emailsSettled(bed);
  expect(await mailsTo(bed, disabled.email)).toEqual([]);
});

it('tells the why of a score only to those who see the scorecard details, and the watchlist only to those who see it', async () => {
  const respondent = await givenUser(bed, 'own-country@example.com', ['CountryRespondent'], [ireland]);
  const standard = await givenUser(bed, 'standard@example.com', ['Standard']);
  const respondentAbroad = await givenUser(bed, 'abroad@example.com', ['CountryRespondent'], [ireland]);
  await follow(bed, respondent, ireland);
  await follow(bed, standard, ireland);
  await follow(bed, respondentAbroad, britain);
  await publishEvent(
    bed,
    'evt.scoring.scores.saved',
    scoresSaved(britain, 'United Kingdom', facts({ score: 65 }), facts({ score: 65, watchlist: true, notice: 'Court backlog' })),
  );
  await publishEvent(bed, 'evt.scoring.scores.saved', scoresSaved(ireland, 'Ireland', facts({ score: 65 }), facts({ A: 5, score: 70 })));
  events += 2;
  await consumed(bed, events);
  expect((await alertsOf(bed, respondent)).Items[0]!.Line).toBe('Ireland: score 65 → 70 (A 4→5, +5.0)');
  expect((await alertsOf(bed, standard)).Items[0]!.Line).toBe('Ireland: score 65 → 70 (A 4→5, +5.0)');
  // a respondent sees the watchlist of their own countries only: the UK's change is nothing to them
  expect((await alertsOf(bed, respondentAbroad)).Items).toEqual([]);
});
