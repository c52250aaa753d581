import { fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';

import type { Scorecard } from '@cti/contracts';
import { formatRounding, VARIABLE_NAMES, VARIABLES } from '@cti/scoring-rules';

import { makeStore } from '../../../app/store';

import ScoreSimulator, { SIMULATION_NOTE } from './ScoreSimulator';
import { simulationFromLink, withSimulation } from './simulation-link';
import { WORKED_EXAMPLES } from './worked-examples';

const card: Scorecard = {
  GroupId: 'g-ie',
  Name: 'Ireland',
  LogoPath: null,
  CountryId: 'IE',
  Contracting: true,
  Scored: true,
  Score: 80,
  Category: 'High',
  ASU: 'Eligible',
  Suspended: false,
  isPBA: false,
  PBA: null,
  PBALevel: null,
  A: 4,
  B: 4,
  C: 4,
  D: 4,
  E: 4,
  F: 4,
  IsSpecialNotice: false,
  Notice: null,
  Watchlist: false,
  QualifyingDeclarations: true,
  ExplanatoryComments: null,
  ImprovingScore: null,
  Acknowledgements: null,
  AnnotationName: null,
  Period: '2026 1st Q',
  PeriodId: 'p1',
  QuestionnaireId: 'q1',
  UpdatedOn: null,
  IsDemo: false,
  Access: { open: true, details: true, watchlist: true, annotations: true, documents: true, history: true, cftDownload: true },
};

let lastSearch = '';
function Address() {
  lastSearch = useLocation().search;
  return null;
}

function renderSimulator(url = '/index/g-ie') {
  const store = makeStore();
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/index/:groupId"
            element={
              <>
                <ScoreSimulator card={card} onClose={() => undefined} />
                <Address />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return screen.getByRole('complementary', { name: 'What-if simulator' });
}

const simulated = (panel: HTMLElement) => ({
  score: panel.querySelector('[data-simulated-score]')?.textContent,
  category: panel.querySelector('[data-simulated-category]')?.textContent,
  asu: panel.querySelector('[data-simulated-asu]')?.textContent,
});

describe('what-if simulator', () => {
  it('is marked as a simulation and starts from the published values', () => {
    const panel = renderSimulator();
    expect(within(panel).getByText('Simulation')).toBeTruthy();
    expect(within(panel).getByRole('note').textContent).toBe(SIMULATION_NOTE);
    expect(simulated(panel)).toEqual({ score: '80', category: 'High', asu: 'Eligible' });
  });

  it.each(WORKED_EXAMPLES.map((ex) => [ex.title, ex] as const))("reproduces the methodology's worked example exactly: %s", (_title, ex) => {
    const panel = renderSimulator();
    for (const v of VARIABLES) {
      fireEvent.change(within(panel).getByLabelText(`${v} · ${VARIABLE_NAMES[v]}`), {
        target: { value: String(ex.inputs[v]) },
      });
    }
    fireEvent.change(within(panel).getByLabelText('Precedent adjustment'), { target: { value: String(ex.level) } });
    const declarations = within(panel).getByLabelText('Qualifying declarations made') as HTMLInputElement;
    if (declarations.checked !== ex.qualifyingDeclarations) fireEvent.click(declarations);
    expect(simulated(panel)).toEqual({ score: String(ex.score), category: ex.category, asu: ex.asu });
    // the points table shows the example's rounding of its sum to the nearest half
    const points = within(panel).getByRole('table', { name: 'Simulated points' }).textContent;
    expect(points).toContain(`Score${ex.score.toFixed(2)}`);
    if (ex.score !== ex.sum) expect(points).toContain(`Rounded to the nearest half${formatRounding(ex.score - ex.sum)}`);
  });

  it('updates as the user types and keeps the simulation in the address (the share link)', () => {
    const panel = renderSimulator();
    fireEvent.change(within(panel).getByLabelText('A · Implementation in national law'), { target: { value: '5' } });
    expect(simulated(panel).score).toBe('85');
    expect(within(panel).getByText('(+5 on the published 80)')).toBeTruthy();
    const params = new URLSearchParams(lastSearch);
    expect(params.get('simulate')).toBe('1');
    expect(params.get('A')).toBe('5');
    const link = (within(panel).getByLabelText('Share link') as HTMLInputElement).value;
    expect(link).toContain('/index/g-ie?simulate=1&A=5&B=4');
  });

  it('opens a share link with its simulation', () => {
    const ex = WORKED_EXAMPLES[2];
    const query = withSimulation(new URLSearchParams(), {
      inputs: Object.fromEntries(VARIABLES.map((v) => [v, String(ex.inputs[v])])) as Record<(typeof VARIABLES)[number], string>,
      level: ex.level,
      qualifyingDeclarations: ex.qualifyingDeclarations,
    });
    const panel = renderSimulator(`/index/g-ie?${query.toString()}`);
    expect(simulated(panel)).toEqual({ score: String(ex.score), category: ex.category, asu: ex.asu });
  });

  it('shows no result while an input is not 0 to 5 in steps of .5, and a forged link keeps the published values', () => {
    const panel = renderSimulator();
    fireEvent.change(within(panel).getByLabelText('B · Compliance in practice'), { target: { value: '4.3' } });
    expect(simulated(panel).score).toBeUndefined();
    const sim = simulationFromLink(new URLSearchParams('simulate=1&A=9&B=abc&C=2.5&pba=7&qd=maybe'), card);
    expect(sim).toEqual({ inputs: { A: '4', B: '4', C: '2.5', D: '4', E: '4', F: '4' }, level: 0, qualifyingDeclarations: true });
  });
});
