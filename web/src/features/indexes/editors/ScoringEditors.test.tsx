import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';

import type { AdminQuestionnaireRow, ScoringInputs } from '@cti/contracts';

import { api } from '../../../app/api';
import { gateway } from '../../../test-support/played-gateway';
import { adminStore } from '../../../test-support/sessions';

import { ScoringEditor } from './ScoringEditors';

type PlayedGateway = typeof import('../../../test-support/played-gateway');
// the gateway is played here (`gateway`), and the rich text editor is a textarea
jest.mock('../../../app/base-query', () => jest.requireActual<PlayedGateway>('../../../test-support/played-gateway').playedBaseQuery());
jest.mock('../../../components/rich-text/RichTextEditor', () => ({
  RichTextEditor: jest.requireActual<PlayedGateway>('../../../test-support/played-gateway').TextareaRichText,
}));

const row: AdminQuestionnaireRow = {
  QuestionnaireId: 'q-ie',
  GroupId: 'g-ie',
  PeriodId: 'p-2025',
  Entity: 'Ireland',
  Period: '2025',
  Status: 'Open',
  ClosedOn: null,
  LastUpdated: '2025-03-01T10:00:00Z',
};

const inputs = (change: { A?: number; B?: number; ExplanatoryComments?: string } = {}): ScoringInputs => ({
  Questionnaire: {
    Id: 'q-ie',
    GroupId: 'g-ie',
    Entity: 'Ireland',
    PeriodId: 'p-2025',
    Period: '2025',
    Status: 'Open',
    A: change.A ?? 3,
    B: change.B ?? 3,
    C: 3,
    D: 3,
    E: 3,
    F: 3,
    Suspended: false,
    isPBA: false,
    PBA: null,
    QualifyingDeclarations: false,
    Watchlist: false,
    IsSpecialNotice: false,
    Notice: null,
    ExplanatoryComments: change.ExplanatoryComments ?? 'Stored comments',
    ImprovingScore: null,
    Acknowledgements: null,
    Score: 3,
    Category: 'Medium',
    ASU: null,
    LastUpdated: null,
  },
  Enforceability: {
    GroupId: 'g-ie',
    PeriodId: 'p-2025',
    Entity: 'Ireland',
    Period: '2025',
    A: 2,
    B: 2,
    C: 2,
    D: 2,
    ExplanatoryComments: null,
    ImprovingScore: null,
    Acknowledgements: null,
    Score: 2,
    Category: 'Low',
    LastUpdated: null,
  },
  Contracting: true,
});

/** What the gateway answers to the next loads of the scoring inputs, how many it was asked and how many it answered. */
let stored: ScoringInputs;
let loads: number;
let answeredLoads: number;

beforeEach(() => {
  stored = inputs();
  loads = 0;
  answeredLoads = 0;
  gateway.mockReset();
  gateway.mockImplementation(async ({ url }) => {
    if (url === 'api/group/index/scoring/q-ie') {
      loads += 1;
      // a reload takes a round trip, as over the network: the page renders while it is under way
      const answer = stored;
      if (loads > 1) await new Promise((resolve) => setTimeout(resolve, 30));
      answeredLoads += 1;
      return { data: answer };
    }
    // the save is refused (the service is down, a validation fails): nothing was stored
    if (url === 'api/questionnaire/save') return { error: { status: 500, data: { message: 'Internal Server Error' } } };
    return { error: { status: 404, data: { message: 'Not found' } } };
  });
});

async function openEditor() {
  const store = adminStore();
  render(
    <Provider store={store}>
      <ScoringEditor target={{ kind: 'questionnaire', row }} onClose={() => undefined} />
    </Provider>,
  );
  await screen.findByLabelText(/^A · /);
  await waitFor(() => expect(loads).toBe(1));
  return store;
}

const value = (label: RegExp | string) => (screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement).value;
/**
 * Waits, inside act, until the gateway answered the `count`th load: the store takes the answer
 * within the act, so React renders it before the act ends, however long the round trip took.
 */
async function reloaded(count: number) {
  await act(async () => {
    while (answeredLoads < count) await new Promise((resolve) => setTimeout(resolve, 5));
    // the answer reaches the store in the microtasks after the gateway's, and the store tells
    // the page at the next animation frame (Redux Toolkit batches its notifications by frame)
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => requestAnimationFrame(resolve));
  });
}

describe('Questionnaire editor: what the admin typed survives a reload of the scoring inputs', () => {
  it('keeps the typed inputs and texts when a save fails (the failed save reloads the inputs)', async () => {
    await openEditor();
    fireEvent.change(screen.getByLabelText(/^A · /), { target: { value: '3.5' } });
    fireEvent.change(screen.getByLabelText('Explanatory comments'), { target: { value: 'Comments typed, not saved' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await reloaded(2);
    expect(gateway).toHaveBeenCalledWith(expect.objectContaining({ url: 'api/questionnaire/save' }));
    expect(value(/^A · /)).toBe('3.5');
    expect(value('Explanatory comments')).toBe('Comments typed, not saved');
  });

  it("shows another admin's newer saved values while nothing is typed, and keeps typed values over them", async () => {
    const store = await openEditor();
    // another admin saved: the inputs are reloaded while nothing is typed here
    stored = inputs({ A: 4, ExplanatoryComments: 'Comments of the other admin' });
    act(() => {
      store.dispatch(api.util.invalidateTags([{ type: 'Scorecard', id: 'inputs-q-ie' }]));
    });
    await reloaded(2);
    expect([value(/^A · /), value('Explanatory comments')]).toEqual(['4', 'Comments of the other admin']);

    // now the admin types, and another save elsewhere reloads the inputs again
    fireEvent.change(screen.getByLabelText(/^B · /), { target: { value: '2.5' } });
    stored = inputs({ A: 4.5, ExplanatoryComments: 'Later comments of the other admin' });
    act(() => {
      store.dispatch(api.util.invalidateTags([{ type: 'Scorecard', id: 'inputs-q-ie' }]));
    });
    expect(screen.getByLabelText(/^B · /)).toBeTruthy();
    await reloaded(3);
    expect([value(/^A · /), value(/^B · /), value('Explanatory comments')]).toEqual(['4', '2.5', 'Comments of the other admin']);
  });
});

describe('Scores and notices: titled and labelled in plain words', () => {
  it('names the dialog for what it edits and the precedent levels as the scorecard does', async () => {
    await openEditor();
    expect(screen.getByRole('dialog', { name: 'Scores and notices: Ireland, 2025' })).toBeTruthy();
    expect(screen.getByLabelText('Apply a precedent adjustment')).toBeTruthy();
    const levels = screen.getByLabelText('Precedent level') as HTMLSelectElement;
    expect([...levels.options].map((o) => o.textContent)).toEqual([
      'Level I (adjustment .3)',
      'Level II (adjustment .5)',
      'Level III (adjustment .7)',
    ]);
    expect(screen.getByText('Notice text (shown on the scorecard under Notices, with the watchlist)')).toBeTruthy();
    expect(screen.queryByText(/isPBA|#notices/)).toBeNull();
  });
});
