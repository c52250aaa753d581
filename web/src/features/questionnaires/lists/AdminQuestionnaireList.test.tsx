import { screen, within } from '@testing-library/react';

import type { AdminQuestionnaireRow, QuestionnaireProgress } from '@cti/contracts';

import { renderInApp } from '../../../test-support/in-app';
import { gateway } from '../../../test-support/played-gateway';
import { adminStore } from '../../../test-support/sessions';
import QuestionnairesPage from '../QuestionnairesPage';

type PlayedGateway = typeof import('../../../test-support/played-gateway');
jest.mock('../../../app/base-query', () => jest.requireActual<PlayedGateway>('../../../test-support/played-gateway').playedBaseQuery());

const row = (id: string, Entity: string, Status: 'Open' | 'Closed'): AdminQuestionnaireRow => ({
  QuestionnaireId: id,
  GroupId: `g-${id}`,
  PeriodId: 'p',
  Entity,
  Period: 'September 2026',
  Status,
  ClosedOn: Status === 'Closed' ? '2026-09-20T00:00:00.000Z' : null,
  LastUpdated: '2026-09-01T00:00:00.000Z',
});
const progress: Partial<QuestionnaireProgress>[] = [
  {
    QuestionnaireId: 'ie',
    SectionsAnswered: 7,
    SectionsTotal: 15,
    Approvals: [{ Name: 'Rory Respondent', OrganizationName: 'Dublin Law Partners', Stamp: '2026-09-02T00:00:00.000Z' }],
    ReadyForFinalization: false,
  },
];

describe('/manage/questionnaires for an admin', () => {
  afterEach(() => gateway.mockReset());

  it('is one table with progress and approvals columns, not four stacked tables', async () => {
    gateway.mockImplementation(async (args) => {
      if (args.url === 'api/questionnaire/report') return { data: [row('ie', 'Ireland', 'Open'), row('ke', 'Kenya', 'Closed')] };
      if (args.url === 'api/questionnaire/progress') return { data: progress };
      return { data: [] };
    });
    renderInApp(adminStore(), <QuestionnairesPage />);
    const table = await screen.findByRole('table', { name: 'Questionnaires' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.replace(/[↕↑↓]/g, '').trim()),
    ).toEqual(expect.arrayContaining(['Entity', 'Period', 'Status', 'Progress', 'Approvals', 'Last Updated']));
    const ireland = (await within(table).findByText('7 of 15 sections')).closest('tr')!;
    expect(ireland.textContent).toContain('Dublin Law Partners · 1 of 2 firms');
    const kenya = within(table).getByText('Kenya').closest('tr')!;
    expect(kenya.textContent).toContain('Submitted');
    // the country view's open and previous tables are not repeated under it
    expect(screen.queryByRole('heading', { name: 'Open Questionnaires' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Previous Questionnaires' })).toBeNull();
    // the recent changes stay folded below it until asked for
    expect(screen.getAllByRole('table').filter((t) => !t.closest('details'))).toEqual([table]);
    expect((screen.getByText('10 Most Recent Changes').closest('details') as HTMLDetailsElement).open).toBe(false);
  });
});
