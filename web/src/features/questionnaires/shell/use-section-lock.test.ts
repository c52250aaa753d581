/** @jest-environment node */
import type { QuestionsBody } from '@cti/contracts';

import { makeStore } from '../../../app/store';
import { questionnaireApi } from '../questionnaire-api';

import { releaseLockOnLeave, renewSectionLock } from './use-section-lock';

// Leaving a section releases its lock whenever the page's load made the caller the locker,
// however the load's answer and the leaving interleave. A fetch stand-in plays the gateway.

const load: QuestionsBody = { QuestionnaireId: 'q-ireland', SectionId: 9, GroupId: 'g-ireland' };

/** Node's Request wants absolute URLs; the app asks relative to its own origin. */
class SameOriginRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, 'http://app.test') : input, init);
  }
}

let answerLoad: (isLocker: boolean) => void;
let loadSignal: AbortSignal | null;
let unlocked: Promise<URLSearchParams>;
let unlocks: URLSearchParams[];
let answerRenewal: () => void;
let renewalSent: Promise<void>;

beforeEach(() => {
  unlocks = [];
  loadSignal = null;
  let markUnlocked: (query: URLSearchParams) => void = () => undefined;
  unlocked = new Promise((resolve) => (markUnlocked = resolve));
  const loadAnswered = new Promise<boolean>((resolve) => (answerLoad = resolve));
  const renewalAnswered = new Promise<void>((resolve) => (answerRenewal = resolve));
  let markRenewalSent: () => void = () => undefined;
  renewalSent = new Promise((resolve) => (markRenewalSent = resolve));
  globalThis.Request = SameOriginRequest;
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const request = input as Request;
    const url = new URL(request.url);
    if (url.pathname === '/api/questionnaire/questions') {
      loadSignal = request.signal;
      const isLocker = await loadAnswered;
      return Response.json({ Questions: [], IsLocker: isLocker, Locker: isLocker ? 'Roisin Respondent' : 'Rory Respondent' });
    }
    if (url.pathname === '/api/questionnaire/lock') {
      markRenewalSent();
      await renewalAnswered;
      return Response.json({ Locker: 'Roisin Respondent', IsLocker: true });
    }
    if (url.pathname === '/api/questionnaire/unlock') {
      unlocks.push(url.searchParams);
      markUnlocked(url.searchParams);
      return Response.json({ released: 1 });
    }
    return Response.json({ message: 'Not found' }, { status: 404 });
  }) as typeof fetch;
});

const sent = async () => {
  while (!loadSignal) await new Promise((resolve) => setTimeout(resolve, 5));
};

it('releases the lock a load granted after its page was left, without the load being dropped', async () => {
  const store = makeStore();
  const page = store.dispatch(questionnaireApi.endpoints.sectionQuestions.initiate(load));
  await sent();
  // the page goes: its subscription ends, and the leave holds on to the running load
  page.unsubscribe();
  store.dispatch(releaseLockOnLeave(load));
  // an unused entry is removed (and its request aborted) once nobody holds it
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(loadSignal!.aborted).toBe(false);
  answerLoad(true);
  const query = await unlocked;
  expect(Object.fromEntries(query)).toEqual({ questionnaireId: 'q-ireland', sectionId: '9' });
});

it('releases the lock of a load that answered just before its page was left, before the page showed it', async () => {
  const store = makeStore();
  const page = store.dispatch(questionnaireApi.endpoints.sectionQuestions.initiate(load));
  answerLoad(true);
  await page;
  page.unsubscribe();
  store.dispatch(releaseLockOnLeave(load));
  expect(Object.fromEntries(await unlocked)).toEqual({ questionnaireId: 'q-ireland', sectionId: '9' });
});

it("leaves alone a section whose lock is someone else's", async () => {
  const store = makeStore();
  const page = store.dispatch(questionnaireApi.endpoints.sectionQuestions.initiate(load));
  await sent();
  page.unsubscribe();
  store.dispatch(releaseLockOnLeave(load));
  answerLoad(false);
  await page;
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(unlocks).toEqual([]);
});

it('sends the release only once a renewal on its way has been answered (the service would let a late renewal take the section again)', async () => {
  const store = makeStore();
  const page = store.dispatch(questionnaireApi.endpoints.sectionQuestions.initiate(load));
  answerLoad(true);
  await page;
  const renewal = store.dispatch(renewSectionLock(load));
  await renewalSent;
  page.unsubscribe();
  store.dispatch(releaseLockOnLeave(load));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(unlocks).toEqual([]);
  answerRenewal();
  expect(await renewal).toEqual({ data: { Locker: 'Roisin Respondent', IsLocker: true } });
  expect(Object.fromEntries(await unlocked)).toEqual({ questionnaireId: 'q-ireland', sectionId: '9' });
});
