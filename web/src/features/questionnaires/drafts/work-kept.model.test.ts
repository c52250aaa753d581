/** @jest-environment node */
import { IDBFactory } from 'fake-indexeddb';
import fc from 'fast-check';

import { RoleIds } from '@cti/access';
import {
  applyConditions,
  sameAnswer,
  type AnswerModel,
  type Question,
  type QuestionnaireInfo,
  type QuestionsAnswer,
  type SaveSectionAnswer,
} from '@cti/contracts';
import { identityService } from '@cti/identity';
import { questionnaireService } from '@cti/questionnaire';
import { fixedClock, type ServiceApp } from '@cti/service-kit';
import { createGroupThroughIdentity, createTestContext, eventually, signTestToken, type TestContext } from '@cti/testing';

import { indexedDbDraftStore, type DraftStore } from './draft-store';
import { SectionSession, storedForm, type Reply, type SectionCalls } from './section-session';

/*
 * The model-based test of issue 37's invariant: two respondents of two firms and three
 * tabs (Rory in two tabs of one browser, Roisin in another browser) do random things to
 * three sections of one questionnaire through the section session the page uses, against
 * the real questionnaire service: type, save, Enter (a save with typing during its round
 * trip), Back, Forward, open another section, reload, crash, Exit (saving, keeping the
 * draft or discarding it), logout, session expiry, signing in again, taking the lock over,
 * a network drop (the lock lapses meanwhile), hearing the other pages' changes, the lock's
 * heartbeat, Submit As Final and reopening, ticking and unticking the IDERA declaration.
 * After every step it checks, against the service and each browser's draft store:
 *
 *   1. every value typed is stored on the server, or in that browser's draft store, or was
 *      discarded by the person after being shown it (offer discarded, "stored" chosen in
 *      the merge view, confirmed clearing, Exit with "discard");
 *   2. no save changed a stored answer its author had not seen (a silent overwrite): each
 *      answer the server changed was sent by the save with the value it replaced as the
 *      one typed over, or was a clearing the person confirmed.
 *
 * MODEL_RUNS sets how many sequences run (500 by default); MODEL_SEED (and MODEL_PATH) replay a failure,
 * MODEL_SEED=random runs new ones.
 */

const RUNS = Number(process.env.MODEL_RUNS ?? 500);
/**
 * A fixed seed by default, so that `make test` is the same run every time (a failure replays as
 * it came); MODEL_SEED=random explores new sequences, MODEL_SEED=<n> replays one.
 */
const DEFAULT_SEED = 627673801;
const SEED =
  process.env.MODEL_SEED === 'random' ? undefined : process.env.MODEL_SEED === undefined ? DEFAULT_SEED : Number(process.env.MODEL_SEED);
/** With MODEL_SEED, replays one failing sequence (the path fast-check printed beside the seed). */
const PATH = process.env.MODEL_PATH;

/** Summary (a/0: the IDERA declaration), IDERA (a/1), repossession outside insolvency (e/6). */
const SECTIONS = [8, 9, 22] as const;
const SUMMARY = 8;
const DECLARATION = { id: '8.3', option: 6 };

interface User {
  id: string;
  name: string;
  organization: string;
}
const RORY: User = { id: 'rory', name: 'Rory Respondent', organization: 'Dublin Law Partners' };
const ROISIN: User = { id: 'roisin', name: 'Roisin Respondent', organization: 'Cork Aviation Law LLP' };

let ctx: TestContext;
let app: ServiceApp;
let groupId: string;
let questionnaireId: string;
const clock = fixedClock(new Date());
// signed once for the whole run, which lasts longer than a default token on a busy machine (shrinking included)
const adminToken = signTestToken({ sub: 'admin-model', name: 'Ada Admin', roles: [RoleIds.Admin], isAdmin: true }, 24 * 3_600_000);

const tokenOf = (user: User) =>
  signTestToken(
    {
      sub: user.id,
      name: user.name,
      email: `${user.id}@example.com`,
      roles: [RoleIds.CountryRespondent],
      groups: [groupId],
      groupNames: ['Ireland'],
      organization: user.organization,
    },
    24 * 3_600_000,
  );

async function inject(token: string, method: 'GET' | 'POST', url: string, payload?: unknown): Promise<Reply> {
  const res = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload: payload as object });
  return { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as unknown) : null };
}

beforeAll(async () => {
  ctx = await createTestContext();
  const identity = await ctx.start(identityService);
  app = await ctx.start(questionnaireService, { LOCK_TTL_SECONDS: '90' }, { clock });
  groupId = await createGroupThroughIdentity(identity, { name: 'Ireland', type: 'Country', countryId: 'IE' });
  // the country reaches the questionnaire service by event; then a period opens its questionnaire
  await eventually(async () => {
    const need = await inject(adminToken, 'GET', '/api/questionnaire/needQuestionnaire');
    return (need.body as Array<{ Id: string }>).some((c) => c.Id === groupId);
  });
  expect((await inject(adminToken, 'POST', `/api/period/${encodeURIComponent('September 2026')}`)).status).toBe(200);
  const open = await inject(tokenOf(RORY), 'GET', '/api/questionnaire/open');
  questionnaireId = (open.body as Array<{ QuestionnaireId: string }>)[0]!.QuestionnaireId;
}, 120_000);
afterAll(() => ctx.close());

/* ---------- the browsers and tabs ---------- */

interface Browser {
  user: User;
  token: string;
  signedIn: boolean;
  offline: boolean;
  drafts: DraftStore;
}

interface Tab {
  name: string;
  browser: Browser;
  lockId: string;
  /** The sections visited (Back/Forward move along it); `at` -1: the questionnaire list. */
  history: number[];
  at: number;
  session: SectionSession | null;
  /**
   * What the page knows of the questionnaire besides the section (the shell's status, the IDERA
   * declaration): cached as the app's api slice caches them, fresh after the tab heard a change.
   */
  known: { open?: boolean; declaration?: boolean };
}

/** One run's world: what each browser's person typed and has not seen stored or discarded. */
interface Run {
  browsers: Browser[];
  tabs: Tab[];
  /** browser index → `${sectionId}|${questionId}` → the value typed last. */
  owed: Array<Map<string, AnswerModel>>;
  /** Answers this step may change on the server, with the value each was typed over (undefined: a confirmed clearing). */
  allowed: Map<string, AnswerModel | undefined>;
  /** Fields of a page whose clearing the person confirmed this step. */
  confirmedHere: Set<string>;
  /** A save reached the server this step (only then can stored answers change). */
  saved: boolean;
  index: number;
  crashes: number;
  log: string[];
}

const uuid = (n: number, run: number) => `00000000-0000-4000-8000-${(run * 1000 + n).toString(16).padStart(12, '0')}`;

function callsOf(run: Run, tab: Tab): SectionCalls {
  const browser = tab.browser;
  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown): Promise<Reply> => {
    if (browser.offline) return { status: 0, body: null };
    if (!browser.signedIn) return { status: 401, body: { message: 'Token expired' } };
    return inject(browser.token, method, url, payload);
  };
  return {
    load: (body) => call('POST', '/api/questionnaire/questions', body),
    async save(qid, userId, query, body) {
      // what the page typed over, as sent: a changed answer must have replaced exactly that (or be a confirmed clearing)
      const mine = tab.session?.getState().mine ?? {};
      for (const item of body) {
        const typed = mine[item.Id];
        run.allowed.set(item.Id, typed ? typed.over : run.confirmedHere.has(item.Id) ? undefined : NOT_SEEN);
      }
      run.saved = true;
      tab.known.declaration = undefined;
      const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
      const reply = await call('POST', `/api/questionnaire/save/${qid}/${userId}?${search}`, body);
      if (reply.status === 200) for (const cleared of (reply.body as SaveSectionAnswer).Cleared) run.allowed.set(cleared.Id, undefined);
      return reply;
    },
    renewLock: (body) => call('POST', '/api/questionnaire/lock', body),
    async isOpen(id) {
      if (tab.known.open !== undefined) return tab.known.open;
      const reply = await call('GET', `/api/questionnaire/info/${id}`);
      if (reply.status !== 200) return reply;
      return (tab.known.open = (reply.body as QuestionnaireInfo).Status === 'Open');
    },
    async ideraDeclaration(id) {
      if (tab.known.declaration !== undefined) return tab.known.declaration;
      const reply = await call('GET', `/api/questionnaire/ideraDeclaration/${id}`);
      if (reply.status !== 200) return reply;
      return (tab.known.declaration = reply.body as boolean);
    },
  };
}

/** A value nobody typed: a save sending it for an answer means the page sent something the person never saw. */
const NOT_SEEN = '\u0000not seen';

/* ---------- the actions ---------- */

type Action =
  | { kind: 'type'; tab: number; pick: number; value: number }
  | { kind: 'save'; tab: number; choice: number }
  | { kind: 'enter'; tab: number; pick: number; value: number; choice: number }
  | { kind: 'open'; tab: number; section: number; choice: number }
  | { kind: 'back'; tab: number; choice: number }
  | { kind: 'forward'; tab: number; choice: number }
  | { kind: 'reload'; tab: number; choice: number }
  | { kind: 'crash'; tab: number; choice: number }
  | { kind: 'exit'; tab: number; choice: number }
  | { kind: 'logout'; browser: number }
  | { kind: 'expire'; browser: number }
  | { kind: 'signIn'; browser: number; choice: number }
  | { kind: 'takeOver'; tab: number }
  | { kind: 'drop'; browser: number }
  | { kind: 'reconnect'; browser: number }
  | { kind: 'hear'; tab: number; choice: number }
  | { kind: 'heartbeat'; tab: number }
  | { kind: 'submitAsFinal' }
  | { kind: 'reopen' }
  | { kind: 'declaration'; tab: number; on: boolean; choice: number };

const tab = fc.integer({ min: 0, max: 2 });
const choice = fc.nat(999);
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 12, arbitrary: fc.record({ kind: fc.constant('type' as const), tab, pick: fc.nat(99), value: fc.nat(999) }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('save' as const), tab, choice }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('enter' as const), tab, pick: fc.nat(99), value: fc.nat(999), choice }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('open' as const), tab, section: fc.integer({ min: 0, max: 2 }), choice }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('back' as const), tab, choice }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('forward' as const), tab, choice }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reload' as const), tab, choice }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('crash' as const), tab, choice }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('exit' as const), tab, choice }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('logout' as const), browser: fc.integer({ min: 0, max: 1 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('expire' as const), browser: fc.integer({ min: 0, max: 1 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('signIn' as const), browser: fc.integer({ min: 0, max: 1 }), choice }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('takeOver' as const), tab }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('drop' as const), browser: fc.integer({ min: 0, max: 1 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reconnect' as const), browser: fc.integer({ min: 0, max: 1 }) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('hear' as const), tab, choice }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('heartbeat' as const), tab }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('submitAsFinal' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reopen' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('declaration' as const), tab, on: fc.boolean(), choice }) },
);

const owedKey = (sectionId: number, id: string) => `${sectionId}|${id}`;
const sectionOf = (t: Tab) => (t.at >= 0 ? t.history[t.at]! : null);

/** A value of the kind a question takes, picked by `n`. */
function valueFor(question: Question, n: number): AnswerModel {
  const options = question.Options ?? [];
  switch (question.Type) {
    case 'radio':
    case 'select':
      return n % 7 === 0 || !options.length ? null : options[n % options.length]!.Id;
    case 'checkbox':
    case 'tags':
      return options.filter((_, i) => (n >> i) & 1).map((o) => o.Id);
    case 'number':
      return n % Math.min(typeof question.Max === 'number' ? question.Max + 1 : 100, 100);
    case 'date':
      return `20${10 + (n % 15)}-0${1 + (n % 9)}-1${n % 10} 00:00:00`;
    case 'autocomplete':
      return question.FreeText && n % 2 ? `law ${n}` : options.length ? options[n % options.length]!.Id : `law ${n}`;
    default:
      // words, now and then with spaces the service trims
      return n % 11 === 0 ? '' : `${n % 5 === 0 ? ' ' : ''}answer ${n}${n % 13 === 0 ? ' ' : ''}`;
  }
}

/** The questions a tab's page shows now (conditions over the values it shows). */
function visibleQuestions(session: SectionSession): Question[] {
  const view = session.getState().view;
  if (!view) return [];
  const values = session.shownValues();
  const byIndex = new Map(view.section.Questions.map((q) => [q.Index, values[q.Id] ?? null]));
  const { visible } = applyConditions(view.section.Questions, byIndex, { ideraDeclaration: view.ideraDeclaration });
  return view.section.Questions.filter((q) => visible.has(q.Index));
}

function typeInto(run: Run, t: Tab, pick: number, n: number): void {
  const session = t.session;
  if (!session?.editable()) return;
  const questions = visibleQuestions(session);
  if (!questions.length) return;
  const question = questions[pick % questions.length]!;
  const value = valueFor(question, n);
  if (session.change(question.Id, value)) {
    run.owed[run.browsers.indexOf(t.browser)]!.set(owedKey(question.SectionId, question.Id), value);
    run.log.push(`  ${t.name} typed ${question.Id} = ${JSON.stringify(value)}`);
  }
}

/** The person discarded these typed values after being shown them. */
function discarded(run: Run, t: Tab, sectionId: number, fields: Record<string, AnswerModel>) {
  const owed = run.owed[run.browsers.indexOf(t.browser)]!;
  for (const [id, value] of Object.entries(fields)) {
    const key = owedKey(sectionId, id);
    if (owed.has(key) && same(id, owed.get(key)!, value)) owed.delete(key);
  }
}

const same = (id: string, a: AnswerModel, b: AnswerModel) => {
  const question = questionsById.get(id);
  return sameAnswer(storedForm(question, a), storedForm(question, b));
};
const questionsById = new Map<string, Question>();

/** Answers the dialogs a save may open (merge view, clearings), as the person would, by `choice`. */
async function settleSave(run: Run, t: Tab, sectionId: number, n: number): Promise<void> {
  const session = t.session!;
  for (let round = 0; round < 4; round++) {
    const state = session.getState();
    if (state.conflict) {
      const choices: Record<string, 'mine' | 'stored'> = {};
      state.conflict.rows.forEach((row, i) => {
        choices[row.id] = ((n >> i) & 1) === 0 ? 'mine' : 'stored';
        if (choices[row.id] === 'stored') discarded(run, t, sectionId, { [row.id]: row.mine });
      });
      run.log.push(`  ${t.name} merged ${JSON.stringify(choices)}`);
      await session.resolveConflict(choices);
      if (n % 5 === 0) return;
      await session.save();
    } else if (state.confirm) {
      if (n % 3 === 0) {
        run.log.push(`  ${t.name} did not confirm clearing ${state.confirm.clears.map((c) => c.id).join(', ')}`);
        session.cancelClears();
        return;
      }
      // answers of this page the save clears (found by the page, or named by the server) were shown: knowingly let go
      const here = state.confirm.clears.filter((c) => c.where === null || questionsById.get(c.id)?.SectionId === sectionId);
      for (const cleared of here) run.confirmedHere.add(cleared.id);
      discarded(run, t, sectionId, Object.fromEntries(here.map((c) => [c.id, session.shown(c.id)])));
      run.log.push(`  ${t.name} confirmed clearing ${state.confirm.clears.map((c) => c.id).join(', ')}`);
      await session.confirmClears();
    } else return;
  }
}

async function save(run: Run, t: Tab, n: number, typing?: { pick: number; value: number }) {
  const session = t.session;
  const sectionId = sectionOf(t);
  if (!session || sectionId === null) return;
  const saving = session.save();
  // Enter: the person types on while the save is under way
  if (typing) typeInto(run, t, typing.pick, typing.value);
  const outcome = await saving;
  run.log.push(`  ${t.name} save: ${outcome.kind}${'message' in outcome ? ` (${outcome.message})` : ''}`);
  await settleSave(run, t, sectionId, n);
}

/** Opens the tab's current section; a draft offered back is restored or discarded (shown first) or left for later, by `n`. */
async function openHere(run: Run, t: Tab, n: number) {
  const sectionId = sectionOf(t);
  if (sectionId === null || !t.browser.signedIn) return;
  const session = new SectionSession({
    calls: callsOf(run, t),
    drafts: t.browser.drafts,
    ids: { userId: t.browser.user.id, questionnaireId, groupId, sectionId, lockId: t.lockId },
    draftDelayMs: 5,
  });
  t.session = session;
  await session.open();
  const offer = session.getState().offer;
  if (offer) {
    const decision = n % 3;
    run.log.push(`  ${t.name} offered ${Object.keys(offer.fields).join(', ')}: ${['restore', 'discard', 'later'][decision]}`);
    if (decision === 0) session.restoreOffer();
    if (decision === 1) {
      discarded(run, t, sectionId, Object.fromEntries(Object.entries(offer.fields).map(([id, f]) => [id, f.value])));
      await session.discardOffer();
    }
  }
}

/** The page goes (navigation, reload): what is typed goes to the draft store, this tab's lock of the section is released. */
async function leave(t: Tab, options: { release: boolean } = { release: true }) {
  const session = t.session;
  const sectionId = sectionOf(t);
  t.session = null;
  if (!session || sectionId === null) return;
  await session.dispose();
  if (options.release && t.browser.signedIn && !t.browser.offline) {
    await inject(
      t.browser.token,
      'GET',
      `/api/questionnaire/unlock?questionnaireId=${questionnaireId}&sectionId=${sectionId}&lockId=${t.lockId}`,
    );
  }
}

/** The guard of Exit: save and leave, keep the draft and leave, or discard (after being shown what) and leave, by `n`. */
async function exit(run: Run, t: Tab, n: number) {
  const session = t.session;
  const sectionId = sectionOf(t);
  if (session && sectionId !== null && session.unsaved().length) {
    const how = n % 3;
    run.log.push(`  ${t.name} exit: ${['save', 'keep', 'discard'][how]}`);
    if (how === 0) {
      await save(run, t, n);
      if (session.unsaved().length) return; // not saved: the page stays, saying why
    }
    if (how === 2) {
      discarded(run, t, sectionId, Object.fromEntries(session.unsaved().map((id) => [id, session.shown(id)])));
      await session.discard();
    }
  }
  await leave(t, { release: false });
  if (t.browser.signedIn && !t.browser.offline) await inject(t.browser.token, 'GET', `/api/questionnaire/unlock?lockId=${t.lockId}`);
  t.history = t.history.slice(0, t.at + 1);
  t.at = -1;
}

async function perform(run: Run, a: Action) {
  clock.advance(1000);
  run.log.push(JSON.stringify(a));
  if ('tab' in a) {
    const t = run.tabs[a.tab]!;
    switch (a.kind) {
      case 'type':
        return typeInto(run, t, a.pick, a.value);
      case 'save':
        return save(run, t, a.choice);
      case 'enter':
        return save(run, t, a.choice, { pick: a.pick, value: a.value });
      case 'open':
      case 'declaration': {
        const target = a.kind === 'open' ? SECTIONS[a.section]! : SUMMARY;
        if (sectionOf(t) !== target) {
          await leave(t);
          t.history = [...t.history.slice(0, t.at + 1), target];
          t.at = t.history.length - 1;
          await openHere(run, t, a.choice);
        }
        if (a.kind === 'declaration' && t.session?.editable()) {
          const declared = t.session.shown(DECLARATION.id);
          const list = Array.isArray(declared) ? declared.filter((o) => o !== DECLARATION.option) : [];
          const value = a.on ? [...list, DECLARATION.option] : list;
          if (t.session.change(DECLARATION.id, value)) {
            run.owed[run.browsers.indexOf(t.browser)]!.set(owedKey(SUMMARY, DECLARATION.id), value);
            await save(run, t, a.choice);
          }
        }
        return;
      }
      case 'back':
      case 'forward': {
        const to = a.kind === 'back' ? t.at - 1 : t.at + 1;
        if (to < 0 || to >= t.history.length) return;
        await leave(t);
        t.at = to;
        return openHere(run, t, a.choice);
      }
      case 'reload':
        // pagehide: the draft is written and the lock released by beacon; the tab keeps its lock id
        await leave(t);
        return openHere(run, t, a.choice);
      case 'crash':
        // nothing runs as the tab dies (the draft was written a moment after the last change); the lock lapses
        // by itself and the restored tab is a new one with a new lock id
        await t.session?.settled();
        t.session = null;
        t.lockId = uuid(3 + run.crashes++, run.index);
        return openHere(run, t, a.choice);
      case 'exit':
        return exit(run, t, a.choice);
      case 'takeOver':
        if (t.session?.getState().view?.lock.holder === 'other-tab') {
          const taken = await t.session.takeOver();
          run.log.push(`  ${t.name} take over: ${JSON.stringify(taken)}`);
        }
        return;
      case 'hear':
        // the change stream reached the page: it loads the section again (and takes it when it became free)
        t.known = {};
        if (t.session) {
          await t.session.refresh();
          if (t.session.getState().phase !== 'ready') {
            await leave(t, { release: false });
            await openHere(run, t, a.choice);
          }
        }
        return;
      case 'heartbeat':
        return t.session?.renewLock();
    }
  }
  switch (a.kind) {
    case 'logout':
    case 'expire': {
      const browser = run.browsers[a.browser]!;
      if (!browser.signedIn) return;
      for (const t of run.tabs.filter((x) => x.browser === browser)) {
        if (a.kind === 'logout') {
          // logout goes through the pages' guard: drafts are written, the pages go to the login page
          await leave(t);
        } else {
          t.session?.sessionEnded();
        }
      }
      if (a.kind === 'logout') await inject(browser.token, 'GET', '/api/questionnaire/unlock');
      browser.signedIn = false;
      return;
    }
    case 'signIn': {
      const browser = run.browsers[a.browser]!;
      if (browser.signedIn) return;
      browser.signedIn = true;
      for (const t of run.tabs.filter((x) => x.browser === browser)) {
        await leave(t, { release: false });
        await openHere(run, t, a.choice);
      }
      return;
    }
    case 'drop': {
      const browser = run.browsers[a.browser]!;
      browser.offline = true;
      // long enough for every lock of the browser's tabs to lapse
      clock.advance(91_000);
      return;
    }
    case 'reconnect': {
      const browser = run.browsers[a.browser]!;
      if (!browser.offline) return;
      browser.offline = false;
      for (const t of run.tabs.filter((x) => x.browser === browser)) await t.session?.renewLock();
      return;
    }
    case 'submitAsFinal': {
      for (const user of [RORY, ROISIN]) await inject(tokenOf(user), 'POST', '/api/finalize', { questionnaireId, userId: user.id });
      const closed = await inject(tokenOf(RORY), 'POST', `/api/finalize/close/${questionnaireId}`);
      run.log.push(`  submit as final: ${closed.status}`);
      return;
    }
    case 'reopen':
      await inject(adminToken, 'POST', '/api/questionnaire/closeOrOpen', { QuestionnaireId: questionnaireId, Status: 'Open' });
      return;
  }
}

/* ---------- the invariant ---------- */

async function storedAnswers(): Promise<Map<string, AnswerModel>> {
  const values = new Map<string, AnswerModel>();
  for (const sectionId of SECTIONS) {
    const reply = await inject(adminToken, 'POST', '/api/questionnaire/questions', {
      SectionId: sectionId,
      GroupId: groupId,
      QuestionnaireId: questionnaireId,
      ignoreLock: true,
    });
    expect(reply.status).toBe(200);
    for (const q of (reply.body as QuestionsAnswer).Questions) {
      values.set(q.Id, q.Model);
      questionsById.set(q.Id, q);
    }
  }
  return values;
}

async function checkInvariant(run: Run, before: Map<string, AnswerModel>): Promise<Map<string, AnswerModel>> {
  for (const t of run.tabs) await t.session?.settled();
  const stored = run.saved ? await storedAnswers() : before;

  // 2. no answer changed on the server that its author had not seen
  for (const [id, now] of stored) {
    const was = before.get(id) ?? null;
    if (same(id, was, now)) continue;
    if (!run.allowed.has(id))
      throw new Error(`${id} changed from ${JSON.stringify(was)} to ${JSON.stringify(now)} by no save of this step`);
    const over = run.allowed.get(id);
    if (over !== undefined && !same(id, over, was)) {
      throw new Error(`${id}: a save replaced ${JSON.stringify(was)} (never shown to its author, who typed over ${JSON.stringify(over)})`);
    }
  }

  // 1. every typed value is stored, in its browser's draft, or was discarded after being shown
  for (const [b, owed] of run.owed.entries()) {
    const browser = run.browsers[b]!;
    for (const [key, value] of [...owed]) {
      const [section, id] = key.split('|') as [string, string];
      if (same(id, stored.get(id) ?? null, value)) {
        owed.delete(key);
        continue;
      }
      const draft = await browser.drafts.read({ userId: browser.user.id, questionnaireId, target: `section:${Number(section)}` });
      const kept = draft?.fields[id];
      if (!kept || !same(id, kept.value, value)) {
        throw new Error(
          `${browser.user.name} typed ${JSON.stringify(value)} into ${id}: the server holds ${JSON.stringify(stored.get(id) ?? null)}, ` +
            `the draft ${kept ? JSON.stringify(kept.value) : 'nothing'}`,
        );
      }
    }
  }
  return stored;
}

/** A fresh start for a sequence: the questionnaire open, no locks, new browsers (empty draft stores), everyone signed in. */
async function newRun(index: number): Promise<Run> {
  await inject(adminToken, 'POST', '/api/questionnaire/closeOrOpen', { QuestionnaireId: questionnaireId, Status: 'Open' });
  for (const user of [RORY, ROISIN]) await inject(tokenOf(user), 'GET', '/api/questionnaire/unlock');
  globalThis.indexedDB = new IDBFactory();
  const browsers: Browser[] = [RORY, ROISIN].map((user, i) => ({
    user,
    token: tokenOf(user),
    signedIn: true,
    offline: false,
    drafts: indexedDbDraftStore(`cti-drafts-${index}-${i}`),
  }));
  const tabs: Tab[] = ['Rory tab 1', 'Rory tab 2', 'Roisin'].map((name, i) => ({
    name,
    browser: browsers[i < 2 ? 0 : 1]!,
    lockId: uuid(i, index),
    history: [],
    at: -1,
    session: null,
    known: {},
  }));
  return {
    browsers,
    tabs,
    owed: [new Map(), new Map()],
    allowed: new Map(),
    confirmedHere: new Set(),
    saved: false,
    index,
    crashes: 0,
    log: [],
  };
}

let runs = 0;

/** What the sequences went through (printed; the test fails when a path the issue names never ran). */
const seen: Record<string, number> = {};
const PATHS: Array<[string, RegExp]> = [
  ['saved', /save: saved/],
  ['saved with typing during the round trip', /"kind":"enter"[\s\S]*?typed[\s\S]*?save: saved/],
  ['merge view (stale)', /save: conflict/],
  ['kept mine or took stored in a merge', /merged/],
  ['asked before clearing answers', /(confirmed|did not confirm) clearing/],
  ['refused: clearing a section another tab or user holds', /would clear answers in/],
  ['draft offered back', /offered /],
  ['took the lock over from another tab', /take over: \{"ok":true/],
  ['save refused, page read-only', /save: read-only/],
  ['submitted as final', /submit as final: 200/],
];
const count = (key: string) => (seen[key] = (seen[key] ?? 0) + 1);

it(`keeps every typed value stored, in the browser's draft, or knowingly discarded (${RUNS} random sequences)`, async () => {
  // every tab starts on a section, then does 8 to 24 random things
  const start = fc.tuple(
    ...[0, 1, 2].map((t) =>
      fc.record({ kind: fc.constant('open' as const), tab: fc.constant(t), section: fc.integer({ min: 0, max: 2 }), choice }),
    ),
  );
  let stored: Map<string, AnswerModel> | null = null;
  await fc.assert(
    fc.asyncProperty(start, fc.array(action, { minLength: 8, maxLength: 24 }), async (opening, rest) => {
      const actions: Action[] = [...opening, ...rest];
      const run = await newRun(runs++);
      // answers change only by saves, each followed by a read: the last run's final answers are these
      stored ??= await storedAnswers();
      try {
        for (const a of actions) {
          run.allowed.clear();
          run.confirmedHere.clear();
          run.saved = false;
          await perform(run, a);
          stored = await checkInvariant(run, stored);
          for (const t of run.tabs) {
            const why = t.session?.readOnlyReason()?.why;
            if (why === 'lock-lost' || why === 'closed' || why === 'signed-out') count(`page read-only (${why}), typed text kept`);
          }
        }
      } catch (error) {
        // the failing step's saves were not read back: the next sequence (fast-check shrinking) reads the answers afresh
        stored = null;
        throw new Error(`${(error as Error).message}\n${run.log.join('\n')}`, { cause: error });
      } finally {
        for (const t of run.tabs) await t.session?.dispose();
        const log = run.log.join('\n');
        for (const [name, pattern] of PATHS) if (pattern.test(log)) count(name);
      }
    }),
    { numRuns: RUNS, seed: SEED, ...(PATH ? { path: PATH, endOnFailure: true } : {}), verbose: 1 },
  );
  console.log(
    `sequences that went through each path (of ${RUNS}):\n${Object.entries(seen)
      .map(([k, v]) => `  ${k}: ${v}`)
      .join('\n')}`,
  );
  // Which paths a run walks depends on its seed: the rarest (a merge of a stale save, a clearing
  // refused because another tab holds the section) are missed by some. They are pinned down by
  // edit-session.test.ts and SectionPage.test.tsx; here a missed path is said, not failed.
  const missed = PATHS.map(([name]) => name).filter((name) => !seen[name]);
  if (missed.length) console.warn(`paths no sequence of this run walked: ${missed.join('; ')}`);
  // a replayed failure (MODEL_PATH) runs one sequence and its shrinks: too few to walk most paths
  if (!PATH) expect(Object.keys(seen).length).toBeGreaterThan(PATHS.length / 2);
}, 3_600_000);
