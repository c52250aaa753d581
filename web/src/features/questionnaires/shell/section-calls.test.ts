/** @jest-environment node */
import type { QuestionsBody } from '@cti/contracts';

import { makeStore } from '../../../app/store';
import { questionnaireApi } from '../questionnaire-api';

import { gatewaySectionCalls, queryReply, releaseSectionLock } from './section-calls';

// Leaving a section releases this tab's lock of it, but never before a load or a renewal on
// its way (the service takes a free lock for them, so a late one would take the section again
// after the release and hold it from everyone until it lapses); and a page opening the same
// section again waits for the release. A fetch stand-in plays the gateway.

const LOCK_ID = '0b7c6a52-8f1e-4b8c-9f0a-3d2e1c4b5a69';
const load: QuestionsBody = { QuestionnaireId: 'q-ireland', SectionId: 9, GroupId: 'g-ireland', LockId: LOCK_ID };
const scope = { questionnaireId: 'q-ireland', sectionId: 9, lockId: LOCK_ID };

/** Node's Request wants absolute URLs; the app asks relative to its own origin. */
class SameOriginRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, 'http://app.test') : input, init);
  }
}

/** The order calls reached the gateway, and a way to answer the held ones. */
let log: string[];
let held: Map<string, () => void>;

beforeEach(() => {
  log = [];
  held = new Map();
  globalThis.Request = SameOriginRequest;
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL((input as Request).url);
    const name = url.pathname.replace('/api/questionnaire/', '');
    log.push(name === 'unlock' ? `unlock ${url.searchParams.toString()}` : `${name} sent`);
    if (name === 'questions' || name === 'lock') {
      await new Promise<void>((resolve) => held.set(name, resolve));
      log.push(`${name} answered`);
      return Response.json({ Questions: [], IsLocker: true, InOtherTab: false, Locker: 'Roisin Respondent' });
    }
    return Response.json({ released: 1 });
  }) as typeof fetch;
});

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
};

it("releases this tab's lock only once the section's load on its way was answered", async () => {
  const store = makeStore();
  const calls = gatewaySectionCalls(store.dispatch);
  const loading = calls.load(load);
  await until(() => held.has('questions'));
  const releasing = releaseSectionLock(store.dispatch, scope);
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(log).toEqual(['questions sent']);
  held.get('questions')!();
  expect((await loading).status).toBe(200);
  await releasing;
  expect(log).toEqual(['questions sent', 'questions answered', `unlock questionnaireId=q-ireland&sectionId=9&lockId=${LOCK_ID}`]);
});

it('releases only once a renewal on its way was answered', async () => {
  const store = makeStore();
  const calls = gatewaySectionCalls(store.dispatch);
  const renewal = calls.renewLock({ QuestionnaireId: 'q-ireland', SectionId: 9, LockId: LOCK_ID });
  await until(() => held.has('lock'));
  const releasing = releaseSectionLock(store.dispatch, scope);
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(log).toEqual(['lock sent']);
  held.get('lock')!();
  expect((await renewal).body).toMatchObject({ IsLocker: true });
  await releasing;
  expect(log.at(-1)).toBe(`unlock questionnaireId=q-ireland&sectionId=9&lockId=${LOCK_ID}`);
});

it('opens the same section again only after the release of its previous page', async () => {
  const store = makeStore();
  const calls = gatewaySectionCalls(store.dispatch);
  const first = calls.load(load);
  await until(() => held.has('questions'));
  const releasing = releaseSectionLock(store.dispatch, scope);
  held.get('questions')!();
  await first;
  held.clear();
  // Back and Forward at once: the new page's load must not be overtaken by the old page's release
  const again = calls.load(load);
  await releasing;
  await until(() => held.has('questions'));
  held.get('questions')!();
  await again;
  expect(log.filter((l) => l !== 'questions answered')).toEqual([
    'questions sent',
    `unlock questionnaireId=q-ireland&sectionId=9&lockId=${LOCK_ID}`,
    'questions sent',
  ]);
});

it('reads the answer of a load asked right after the one before it was read', async () => {
  // an admin's note loads again (another admin saved it) just as its first load is read: the
  // first one's cache entry, kept 0 s, must not drop the second on its way
  const note = { Comment: '<p>Kept</p>', Version: 2, SavedBy: 'Ada Admin', SavedAt: '2026-12-07T10:00:00.000Z' };
  const answers: Array<() => void> = [];
  globalThis.fetch = jest.fn(async () => {
    await new Promise<void>((resolve) => answers.push(resolve));
    return Response.json(note);
  }) as typeof fetch;
  const store = makeStore();
  const ask = () =>
    queryReply(
      store.dispatch(
        questionnaireApi.endpoints.adminComment.initiate({ questionnaireId: 'q-ireland', sectionId: 9 }, { forceRefetch: true }),
      ),
    );
  const first = ask();
  await until(() => answers.length === 1);
  answers[0]();
  expect(await first).toEqual({ status: 200, body: note });
  const second = ask();
  await until(() => answers.length === 2);
  await new Promise((resolve) => setTimeout(resolve, 20));
  answers[1]();
  expect(await second).toEqual({ status: 200, body: note });
});
