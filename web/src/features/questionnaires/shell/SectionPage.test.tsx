import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';

import {
  QUESTIONNAIRE_STEPS,
  QuestionnaireAnswers,
  type AnswerModel,
  type Question,
  type QuestionnaireInfo,
  type QuestionsAnswer,
  type SaveRefusal,
  type SaveSectionAnswer,
} from '@cti/contracts';

import { renderInApp } from '../../../test-support/in-app';
import { gateway } from '../../../test-support/played-gateway';
import { adminSession, adminStore } from '../../../test-support/sessions';
import { browserDraftStore } from '../drafts/draft-store';
import { questionnaireApi, type SectionChange } from '../questionnaire-api';

import { LeaveGuardProvider } from './leave-guard';
import { SectionPage } from './SectionPage';

type PlayedGateway = typeof import('../../../test-support/played-gateway');
// the gateway is played here (`gateway`), and the rich text editor is a textarea
jest.mock('../../../app/base-query', () => jest.requireActual<PlayedGateway>('../../../test-support/played-gateway').playedBaseQuery());
jest.mock('../../../components/rich-text/RichTextEditor', () => ({
  RichTextEditor: jest.requireActual<PlayedGateway>('../../../test-support/played-gateway').TextareaRichText,
}));

// The section page edits through its section session: typed answers go to the draft store,
// saves name their version and this tab's lock id, a save never rebuilds the form, losing the
// lock keeps the typed text, a draft from before is offered back, a stale save shows both
// answers to merge, and a save that clears answers elsewhere names them first.

const step = QUESTIONNAIRE_STEPS.find((s) => s.path === 'e/6')!;
const info: QuestionnaireInfo = {
  QuestionnaireId: 'q-ie',
  GroupId: 'g-ie',
  PeriodId: 'p-2026',
  Country: 'Ireland',
  Period: 'September 2026',
  Status: 'Open',
  ClosedOn: null,
  LastUpdated: '2026-09-01T10:00:00Z',
  CarriedFrom: null,
  IsCurrent: true,
};
const question = (index: number, text: string, model: AnswerModel = null): Question => ({
  Id: `22.${index}`,
  SectionId: 22,
  Index: index,
  Type: 'textarea',
  Text: text,
  ShowIf: null,
  Model: model,
  SavedBy: null,
  SavedAt: null,
});
const DAYS = 'How many days does repossession outside insolvency take?';
const COURTS = 'Which courts hear repossession claims?';

/** The section as stored, its version, and who holds its lock. */
let stored: Record<string, AnswerModel>;
let version: number;
let lock: Pick<QuestionsAnswer, 'IsLocker' | 'InOtherTab' | 'Locker'>;
let saves: Array<{ query: Record<string, unknown>; body: Array<{ Id: string; Model: AnswerModel }> }>;
/** What the next save answers instead of storing (a refusal), once. */
let refuseNext: SaveRefusal | null;

const roundTrip = () => new Promise((resolve) => setTimeout(resolve, 50));
const sectionAnswer = (): QuestionsAnswer => ({
  Questions: [question(0, DAYS, stored['22.0']), question(1, COURTS, stored['22.1'])],
  ...lock,
  Version: version,
  SavedBy: version ? 'Roisin Respondent' : null,
  SavedAt: version ? '2026-09-02T14:32:00Z' : null,
  Section: { SectionId: 22, Title: 'Repossession outside insolvency', CarriedFrom: null, ChangedCount: 0, Confirmation: null },
});
const storedAnswers = () =>
  ['22.0', '22.1'].map((Id) => ({ Id, Model: stored[Id] ?? null, SavedBy: 'Roisin Respondent', SavedAt: '2026-09-02T14:32:00Z' }));

beforeEach(async () => {
  globalThis.indexedDB ??= new IDBFactory();
  const drafts = await browserDraftStore();
  for (const { key } of await drafts.list(adminSession.Id)) await drafts.discard(key);
  stored = { '22.0': 'days = 30', '22.1': null };
  version = 3;
  lock = { IsLocker: true, InOtherTab: false, Locker: 'Ada Admin' };
  saves = [];
  refuseNext = null;
  // the change stream is not followed here (it reads with fetch itself)
  globalThis.fetch = jest.fn(async () => ({ status: 404, headers: new Map() })) as unknown as typeof fetch;
  gateway.mockReset();
  gateway.mockImplementation(async ({ url, body, params }) => {
    if (url === 'api/questionnaire/questions') return { data: sectionAnswer() };
    if (url === 'api/questionnaire/info/q-ie') return { data: info };
    if (url === 'api/questionnaire/lock') return { data: lock };
    if (url === 'api/questionnaire/unlock') return { data: { released: 1 } };
    if (url === 'api/questionnaire/adminComment') return { data: { Comment: '', Version: 0, SavedBy: null, SavedAt: null } };
    if (url === `api/questionnaire/save/q-ie/${adminSession.Id}`) {
      const items = body as Array<{ Id: string; Model: AnswerModel }>;
      saves.push({ query: params as Record<string, unknown>, body: items });
      await roundTrip();
      if (refuseNext) {
        const refusal = refuseNext;
        refuseNext = null;
        return { error: { status: 409, data: refusal } };
      }
      for (const item of items) stored[item.Id] = typeof item.Model === 'string' ? item.Model.trim() : item.Model;
      version += 1;
      const answer: SaveSectionAnswer = {
        message: QuestionnaireAnswers.sectionSaved,
        Changed: items.length,
        Version: version,
        SavedBy: 'Ada Admin',
        SavedAt: '2026-09-02T15:00:00Z',
        Answers: storedAnswers(),
        Cleared: [],
        Sections: [{ SectionId: 22, Version: version, SavedBy: 'Ada Admin', SavedAt: '2026-09-02T15:00:00Z' }],
      };
      return { data: answer };
    }
    return { error: { status: 404, data: { message: 'Not found' } } };
  });
});

async function openSection() {
  const store = adminStore();
  const view = renderInApp(
    store,
    <LeaveGuardProvider>
      <SectionPage step={step} info={info} onExit={async () => undefined} />
    </LeaveGuardProvider>,
  );
  await screen.findByLabelText(new RegExp(DAYS));
  return { store, view };
}

const field = (text: string) => screen.getByLabelText(new RegExp(text.replace(/[?]/g, '\\?'))) as HTMLTextAreaElement;
const type = (text: string, value: string) => fireEvent.change(field(text), { target: { value } });
const draftOfSection = async () =>
  (await browserDraftStore()).read({ userId: adminSession.Id, questionnaireId: 'q-ie', target: 'section:22' });
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 400)));

describe('Section page: what is typed is kept', () => {
  it("keeps the text typed during a save's round trip, with its focus, and saves only what changed, with version and lock id", async () => {
    await openSection();
    type(DAYS, 'days = 45');
    field(DAYS).focus();
    fireEvent.click(screen.getByRole('button', { name: /^Save$/ }));
    // typed on while the save is under way
    type(DAYS, 'days = 45 (calendar)');
    await waitFor(() => expect(saves).toHaveLength(1));
    await settle();
    expect(saves[0]!.body).toEqual([{ Id: '22.0', Model: 'days = 45' }]);
    expect(saves[0]!.query).toMatchObject({ version: 3, lockId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(field(DAYS).value).toBe('days = 45 (calendar)');
    expect(document.activeElement).toBe(field(DAYS));
    // still unsaved, and in the draft, typed over what was just stored
    expect(within(field(DAYS).closest('.question')! as HTMLElement).getByText('Not saved yet')).toBeTruthy();
    expect((await draftOfSection())?.fields['22.0']).toMatchObject({ value: 'days = 45 (calendar)', over: 'days = 45' });

    // Enter in a text box saves the rest, on the new version
    fireEvent.submit(field(DAYS).closest('form')!);
    await waitFor(() => expect(saves).toHaveLength(2));
    await settle();
    expect(saves[1]!.query).toMatchObject({ version: 4 });
    expect(field(DAYS).value).toBe('days = 45 (calendar)');
    expect(await draftOfSection()).toBeNull();
  });

  it('keeps the typed text on the page and in the draft when the lock is lost, and says what happened', async () => {
    await openSection();
    type(COURTS, 'The High Court');
    // another firm took the section while the connection was lost: the next save is refused
    refuseNext = {
      statusCode: 409,
      error: 'Conflict',
      message: QuestionnaireAnswers.lockedBy('Roisin Respondent'),
      Reason: 'locked',
      Section: { SectionId: 22, Version: 3, SavedBy: null, SavedAt: null },
      Answers: storedAnswers(),
      Locker: 'Roisin Respondent',
      Clears: [],
      ClearToken: null,
      HeldBy: [],
    };
    fireEvent.click(screen.getByRole('button', { name: /^Save$/ }));
    await screen.findByText(/is editing this section now/);
    expect(field(COURTS).value).toBe('The High Court');
    expect(field(COURTS).readOnly).toBe(true);
    expect(screen.getByRole('button', { name: 'Copy my answers' })).toBeTruthy();
    await settle();
    expect((await draftOfSection())?.fields['22.1']?.value).toBe('The High Court');
  });

  it('offers a draft kept from before, naming the questions that differ, and restores or discards it', async () => {
    const drafts = await browserDraftStore();
    const key = { userId: adminSession.Id, questionnaireId: 'q-ie', target: 'section:22' as const };
    // typed today at 14:32, on another visit
    await drafts.keep(key, { '22.1': { value: 'The Commercial Court', over: null } }, new Date().setHours(14, 32, 0, 0));
    const first = await openSection();
    const offer = await screen.findByRole('alert');
    expect(offer.textContent).toContain('You have unsaved answers from 14:32');
    expect(offer.textContent).toContain(COURTS);
    expect(offer.textContent).toContain('The Commercial Court');
    // the page reads only until the person chose
    expect(field(COURTS).readOnly).toBe(true);
    fireEvent.click(within(offer).getByRole('button', { name: 'Restore' }));
    expect(field(COURTS).value).toBe('The Commercial Court');
    expect(field(COURTS).readOnly).toBe(false);
    first.view.unmount();

    await openSection();
    fireEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Discard' }));
    await settle();
    expect(field(COURTS).value).toBe('');
    expect(await draftOfSection()).toBeNull();
  });

  it('shows mine beside the answer stored now when someone saved meanwhile, and saves what the person chose', async () => {
    await openSection();
    type(DAYS, 'days = 45');
    refuseNext = {
      statusCode: 409,
      error: 'Conflict',
      message: QuestionnaireAnswers.staleSection,
      Reason: 'stale',
      Section: { SectionId: 22, Version: 4, SavedBy: 'Roisin Respondent', SavedAt: '2026-09-02T14:40:00Z' },
      Answers: [{ Id: '22.0', Model: 'days = 60', SavedBy: 'Roisin Respondent', SavedAt: '2026-09-02T14:40:00Z' }, storedAnswers()[1]!],
      Locker: null,
      Clears: [],
      ClearToken: null,
      HeldBy: [],
    };
    fireEvent.click(screen.getByRole('button', { name: /^Save$/ }));
    const merge = await screen.findByRole('dialog', { name: 'Someone else saved these answers meanwhile' });
    expect(merge.textContent).toContain('days = 45');
    expect(merge.textContent).toContain('days = 60');
    expect(merge.textContent).toContain('Stored now, by Roisin Respondent');
    stored['22.0'] = 'days = 60';
    version = 4;
    fireEvent.click(within(merge).getByRole('button', { name: 'Save my choices' }));
    await waitFor(() => expect(saves).toHaveLength(2));
    await settle();
    // mine was kept, now typed over the answer the person was shown
    expect(saves[1]!.body).toEqual([{ Id: '22.0', Model: 'days = 45' }]);
    expect(saves[1]!.query).toMatchObject({ version: 4 });
    expect(stored['22.0']).toBe('days = 45');
  });

  it('names the answers a save clears in another section and saves only once the person confirmed', async () => {
    await openSection();
    type(DAYS, 'days = 45');
    refuseNext = {
      statusCode: 409,
      error: 'Conflict',
      message: QuestionnaireAnswers.clearsOtherSections(1),
      Reason: 'confirmClearing',
      Section: { SectionId: 22, Version: 3, SavedBy: null, SavedAt: null },
      Answers: storedAnswers(),
      Locker: null,
      Clears: [
        {
          SectionId: 9,
          Path: 'a/1',
          SectionLabel: 'IDERA extension',
          Id: '9.3',
          Text: 'Describe how long recordation takes.',
          Model: 'weeks',
        },
      ],
      ClearToken: 'token-1',
      HeldBy: [],
    };
    fireEvent.click(screen.getByRole('button', { name: /^Save$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Saving clears answers' });
    expect(dialog.textContent).toContain('IDERA extension');
    expect(dialog.textContent).toContain('Describe how long recordation takes.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and clear these answers' }));
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]!.query).toMatchObject({ confirmClearing: 'token-1' });
  });

  it('does not take its lock again when the change stream tells of its own release (leaving), but checks when the section is taken', async () => {
    const { store } = await openSection();
    const hear = (change: Omit<SectionChange, 'seq'>) =>
      act(() => {
        store.dispatch(
          questionnaireApi.util.updateQueryData('questionnaireChanges', 'q-ie', (draft) => {
            draft.seq += 1;
            draft.sections[22] = { ...change, seq: draft.seq };
          }),
        );
      });
    const renewals = () => gateway.mock.calls.filter(([call]) => call.url === 'api/questionnaire/lock').length;
    // Exit released this tab's locks: a renewal now would take the section again after the release and hold it from everyone
    hear({ kind: 'lock', by: adminSession.Id, version: null, locked: false });
    await settle();
    expect(renewals()).toBe(0);
    // taken elsewhere (another tab took it over): the page asks whether it still holds it
    hear({ kind: 'lock', by: adminSession.Id, version: null, locked: true });
    await waitFor(() => expect(renewals()).toBe(1));
  });
});
