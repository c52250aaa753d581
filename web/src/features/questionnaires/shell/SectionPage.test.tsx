import { act, fireEvent, screen } from '@testing-library/react';

import { QUESTIONNAIRE_STEPS, type QuestionnaireInfo, type QuestionsAnswer } from '@cti/contracts';

import { api } from '../../../app/api';
import { renderInApp } from '../../../test-support/in-app';
import { answered, gateway } from '../../../test-support/played-gateway';
import { adminStore } from '../../../test-support/sessions';

import { LeaveGuardProvider } from './leave-guard';
import { SectionPage } from './SectionPage';

type PlayedGateway = typeof import('../../../test-support/played-gateway');
// the gateway is played here (`gateway`), and the rich text editor is a textarea
jest.mock('../../../app/base-query', () => jest.requireActual<PlayedGateway>('../../../test-support/played-gateway').playedBaseQuery());
jest.mock('../../../components/rich-text/RichTextEditor', () => ({
  RichTextEditor: jest.requireActual<PlayedGateway>('../../../test-support/played-gateway').TextareaRichText,
}));

const step = QUESTIONNAIRE_STEPS.find((s) => s.path === 'a/2')!;
const info: QuestionnaireInfo = {
  QuestionnaireId: 'q-ie',
  GroupId: 'g-ie',
  PeriodId: 'p-2025',
  Country: 'Ireland',
  Period: '2025',
  Status: 'Open',
  ClosedOn: null,
  LastUpdated: '2025-03-01T10:00:00Z',
  CarriedFrom: null,
  IsCurrent: true,
};
// a respondent holds the section: the admin reads it and keeps notes
const section: QuestionsAnswer = {
  Questions: [],
  Locker: 'Rory Respondent',
  IsLocker: false,
  Section: { SectionId: step.sectionId!, Title: 'Liens', CarriedFrom: null, ChangedCount: 0, Confirmation: null },
};

/** The admin notes as stored, how often they were loaded, and what each save sent. */
let storedNote: string;
let noteLoads: number;
let saves: string[];

/** A round trip, as over the network: the page renders while it is under way. */
const roundTrip = () => new Promise((resolve) => setTimeout(resolve, 50));

beforeEach(() => {
  storedNote = '';
  noteLoads = 0;
  saves = [];
  // the change stream is not followed here (it reads with fetch itself)
  globalThis.fetch = jest.fn(async () => ({ status: 404, headers: new Map() })) as unknown as typeof fetch;
  gateway.mockReset();
  gateway.mockImplementation(async ({ url, body }) => {
    if (url === 'api/questionnaire/questions') return { data: section };
    if (url === 'api/questionnaire/adminComment') {
      noteLoads += 1;
      const answer = { Comment: storedNote };
      if (noteLoads > 1) await roundTrip();
      return { data: answer };
    }
    if (url === 'api/questionnaire/adminComment/save') {
      const { comment } = body as { comment: string };
      saves.push(comment);
      await roundTrip();
      storedNote = comment;
      return { data: { message: 'Admin note saved.' } };
    }
    return { error: { status: 404, data: { message: 'Not found' } } };
  });
});

async function openSection() {
  const store = adminStore();
  renderInApp(
    store,
    <LeaveGuardProvider>
      <SectionPage step={step} info={info} onExit={async () => undefined} />
    </LeaveGuardProvider>,
  );
  await screen.findByRole('textbox', { name: 'Admin Notes' });
  expect(noteLoads).toBe(1);
  return store;
}

const editor = () => screen.getByRole('textbox', { name: 'Admin Notes' });
const notes = () => (editor() as HTMLTextAreaElement).value;
const saveButton = () => screen.getByRole('button', { name: 'Save admin notes' }) as HTMLButtonElement;
const reloaded = (count: number) => answered(() => noteLoads, count);

describe('Section page: admin notes typed during a save are kept', () => {
  it('keeps the text typed while "Save admin notes" is under way, still unsaved, and saves it next', async () => {
    await openSection();
    fireEvent.change(editor(), { target: { value: 'Check the liens' } });
    fireEvent.click(saveButton());
    // typed on during the save's round trip; the save then reloads the notes
    fireEvent.change(editor(), { target: { value: 'Check the liens and the detention cases' } });
    await reloaded(2);
    expect(saves).toEqual(['Check the liens']);
    expect(notes()).toBe('Check the liens and the detention cases');
    expect(saveButton().disabled).toBe(false);

    fireEvent.click(saveButton());
    await reloaded(3);
    expect(saves).toEqual(['Check the liens', 'Check the liens and the detention cases']);
    expect(notes()).toBe('Check the liens and the detention cases');
    expect(saveButton().disabled).toBe(true);
  });

  it('after a save with nothing typed meanwhile, shows the notes as saved, and a newer load of them while nothing is typed', async () => {
    const store = await openSection();
    fireEvent.change(editor(), { target: { value: 'Check the liens' } });
    fireEvent.click(saveButton());
    await reloaded(2);
    expect([notes(), saveButton().disabled]).toEqual(['Check the liens', true]);

    // the notes load again (another admin saved them meanwhile): nothing is typed here, so they show
    storedNote = 'Check the liens, and ask the registry';
    act(() => {
      store.dispatch(api.util.invalidateTags([{ type: 'AdminComment', id: `q-ie:${step.sectionId}` }]));
    });
    await reloaded(3);
    expect([notes(), saveButton().disabled]).toEqual(['Check the liens, and ask the registry', true]);
  });
});
