import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';

import { RoleIds } from '@cti/access';
import { QUESTIONNAIRE_STEPS, SectionIds, type QuestionnaireInfo, type QuestionnaireProgress } from '@cti/contracts';

import { StorageKeys } from '../../../app/session-storage';
import { makeStore } from '../../../app/store';
import { gateway } from '../../../test-support/played-gateway';
import { adminSession, adminStore } from '../../../test-support/sessions';
import { signedIn } from '../../auth/auth-slice';
import QuestionnaireShellPage from '../QuestionnaireShellPage';

import { SideNav } from './SideNav';
import { parseQuestionnairePath, stepUrl } from './steps';

type PlayedGateway = typeof import('../../../test-support/played-gateway');
jest.mock('../../../app/base-query', () => jest.requireActual<PlayedGateway>('../../../test-support/played-gateway').playedBaseQuery());

const info: QuestionnaireInfo = {
  QuestionnaireId: 'q-ie',
  GroupId: 'g-ie',
  PeriodId: 'p-2026',
  Country: 'Ireland',
  Period: 'September 2026',
  Status: 'Open',
  ClosedOn: null,
  LastUpdated: '2026-09-01T00:00:00.000Z',
  CarriedFrom: null,
  IsCurrent: true,
  AnsweredSections: [SectionIds.Introductory, SectionIds.Summary],
  StartedSections: [SectionIds.Introductory, SectionIds.Summary, SectionIds.Liens],
};
const step = (path: string) => QUESTIONNAIRE_STEPS.find((s) => s.path === path)!;

function Where() {
  return <output aria-label="address">{useLocation().pathname}</output>;
}

describe('questionnaire addresses', () => {
  it('carry the questionnaire id, and still read the spec’s addresses without one', () => {
    expect(stepUrl('q-ie', step('a/1'))).toBe('/questionnaire/q-ie/a/1');
    expect(parseQuestionnairePath('/questionnaire/q-ie/a/1')).toEqual({ questionnaireId: 'q-ie', step: step('a/1') });
    expect(parseQuestionnairePath('/questionnaire/q-ie/participation/')).toEqual({ questionnaireId: 'q-ie', step: step('participation') });
    expect(parseQuestionnairePath('/questionnaire/participation')).toEqual({ questionnaireId: null, step: step('participation') });
    expect(parseQuestionnairePath('/questionnaire/e/7')).toEqual({ questionnaireId: null, step: step('e/7') });
    expect(parseQuestionnairePath('/questionnaire/q-ie/z/9').step).toBeUndefined();
  });
});

describe('the side navigation', () => {
  afterEach(() => gateway.mockReset());

  function renderNav(
    at: string,
    { store = adminStore(), replies = {} }: { store?: ReturnType<typeof adminStore>; replies?: Record<string, unknown> } = {},
  ) {
    gateway.mockImplementation(async (args) =>
      args.url === 'api/questionnaire/navlocks/q-ie'
        ? { data: { '/questionnaire/a/3': 'Roisin Respondent' } }
        : { data: args.url in replies ? replies[args.url] : null },
    );
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={[stepUrl('q-ie', step(at))]}>
          <SideNav info={info} current={step(at)} />
        </MemoryRouter>
      </Provider>,
    );
  }

  it('marks each section done, started or not started, and the one someone else holds as locked by them', async () => {
    renderNav('a/0');
    const nav = screen.getByRole('navigation', { name: 'Questionnaire sections' });
    expect(within(nav).getByText('sections done', { exact: false }).textContent).toMatch(/2 of 15 sections done/);
    expect(within(nav).getByRole('link', { name: /Summary of National Implementation\W+done/ })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: /Liens\W+started/ })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: /IDERA extension\W+not started/ })).toBeTruthy();
    expect(await within(nav).findByRole('link', { name: /Detention Rights\W+not started\W+Locked by Roisin Respondent/ })).toBeTruthy();
    // links keep the questionnaire in the address
    expect(within(nav).getByRole('link', { name: /Liens/ }).getAttribute('href')).toBe('/questionnaire/q-ie/a/2');
  });

  const respondentStore = () => {
    const store = makeStore();
    store.dispatch(
      signedIn({
        session: {
          ...adminSession,
          Id: 'r1',
          IsAdmin: false,
          Roles: [RoleIds.CountryRespondent],
          Groups: [{ Id: 'g-ie', Name: 'Ireland', Type: 'Country', CountryId: 'IE' }],
        },
        isFree: false,
      }),
    );
    return store;
  };

  it('marks the consent done once the respondent has answered it, and not started before', async () => {
    renderNav('consent', { store: respondentStore(), replies: { 'api/consent/answer': { Answer: 'No Answer' } } });
    expect(await screen.findByRole('link', { name: /Consent\W+not started/ })).toBeTruthy();
    cleanup();
    renderNav('consent', { store: respondentStore(), replies: { 'api/consent/answer': { Answer: 'Yes' } } });
    expect(await screen.findByRole('link', { name: /Consent\W+done/ })).toBeTruthy();
  });

  it('marks the consent done for an admin once a respondent has answered it', async () => {
    renderNav('participation', { replies: { 'api/consent/q-ie': [] } });
    expect(await screen.findByRole('link', { name: /Consent\W+not started/ })).toBeTruthy();
    cleanup();
    renderNav('participation', {
      replies: { 'api/consent/q-ie': [{ Answer: 'Yes', Name: 'Roisin Respondent', Organization: 'Firm', Email: 'r@firm.ie' }] },
    });
    expect(await screen.findByRole('link', { name: /Consent\W+done/ })).toBeTruthy();
  });

  it('names sections by what they are, not "B1 Variable B"', () => {
    renderNav('b/0');
    expect(screen.getByRole('link', { name: /B1 Insolvency \(Alternative A\)/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Variable B/ })).toBeNull();
  });

  it('says which index variables section E feeds (the questionnaire’s letters stop at E)', () => {
    renderNav('e/5');
    const nav = screen.getByRole('navigation', { name: 'Questionnaire sections' });
    expect(
      within(nav)
        .getByRole('button', { name: /Variable E/ })
        .getAttribute('aria-expanded'),
    ).toBe('true');
    expect(within(nav).getByText(/scored in the index’s variables C to F/)).toBeTruthy();
    expect(within(nav).getByRole('link', { name: /New commercial laws/ }).textContent).toMatch(/E6 New commercial laws · scored in E/);
    expect(within(nav).getByRole('link', { name: /Contract interpretation/ }).textContent).toMatch(/scored in D/);
  });
});

describe('an address without the questionnaire (the spec’s /questionnaire/participation)', () => {
  afterEach(() => {
    gateway.mockReset();
    window.sessionStorage.clear();
  });

  function openAt(path: string, progress: Partial<QuestionnaireProgress>[]) {
    gateway.mockImplementation((args) =>
      args.url === 'api/questionnaire/progress'
        ? Promise.resolve({ data: progress })
        : // the shell's own loading is not what these tests are about
          new Promise(() => undefined),
    );
    render(
      <Provider store={adminStore()}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/questionnaire/*" element={<QuestionnaireShellPage />} />
            <Route path="/manage/questionnaires" element={<p>the list</p>} />
          </Routes>
          <Where />
        </MemoryRouter>
      </Provider>,
    );
  }

  it('opens the caller’s only open questionnaire at that page, in a new tab', async () => {
    openAt('/questionnaire/a/2', [{ QuestionnaireId: 'q-ie' }]);
    await waitFor(() => expect(screen.getByRole('status', { name: 'address' }).textContent).toBe('/questionnaire/q-ie/a/2'));
  });

  it('leads to the list when there is more than one to choose from', async () => {
    openAt('/questionnaire/participation', [{ QuestionnaireId: 'q-ie' }, { QuestionnaireId: 'q-ke' }]);
    expect(await screen.findByText('the list')).toBeTruthy();
  });

  it('opens this tab’s questionnaire when it has one', async () => {
    window.sessionStorage.setItem(
      StorageKeys.currentQuestionnaire,
      JSON.stringify({ QuestionnaireId: 'q-tab', GroupId: 'g', Country: 'Ireland', Period: 'September 2026', UserId: adminSession.Id }),
    );
    openAt('/questionnaire/consent', []);
    await waitFor(() => expect(screen.getByRole('status', { name: 'address' }).textContent).toBe('/questionnaire/q-tab/consent'));
  });
});
