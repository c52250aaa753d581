import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';

import { RoleIds } from '@cti/access';
import type { GroupIndexRow, SessionUser } from '@cti/contracts';

import { makeStore } from '../../app/store';
import { fileNameOf } from '../../lib/file-download';
import { signedIn } from '../auth/auth-slice';
import { notificationsApi } from '../notifications/notifications-api';

import { applyFilters } from './history/HistoricalDataPage';
import { indexesApi } from './indexes-api';
import IndexListPage, { LOCKED_COUNTRY_TEXT } from './IndexListPage';

const row = (Group: string, Score: number, extra: Partial<GroupIndexRow> = {}): GroupIndexRow => ({
  GroupId: `g-${Group}`,
  Group,
  LogoPath: null,
  CountryId: Group.slice(0, 2).toUpperCase(),
  Watchlist: false,
  Score,
  Category: Score >= 87 ? 'Very High' : Score >= 75 ? 'High' : Score > 0 ? 'Low' : 'Unscored',
  IsSpecialNotice: false,
  QualifyingDeclarations: true,
  Suspended: false,
  ASU: null,
  PBA: null,
  Period: '2026 March',
  PeriodId: 'p1',
  Scored: Score > 0,
  IsPublic: false,
  IsDemo: true,
  ...extra,
});

const user = (roles: number[], groups: string[] = []): SessionUser => ({
  Id: 'u1',
  Username: 'u@example.com',
  Name: 'U',
  FirstName: 'U',
  LastName: 'U',
  Roles: roles,
  IsGroupManager: false,
  MustAgreeCTC: false,
  IsACID: false,
  IsAdmin: roles.includes(RoleIds.Admin),
  Groups: groups.map((Id) => ({ Id, Name: Id, Type: 'Country', CountryId: null })),
  IsFree: false,
  Token: 't',
  RefreshToken: 'r',
});

/** Renders /index with the list given (none yet: `null`, to load it later with `store`). */
async function renderIndex(rows: GroupIndexRow[] | null, session: SessionUser, orders: Array<{ GroupId: string; PeriodId: string }> = []) {
  const store = makeStore();
  store.dispatch(signedIn({ session, isFree: session.IsFree }));
  if (rows) await store.dispatch(indexesApi.util.upsertQueryData('indexList', undefined, rows));
  await store.dispatch(
    indexesApi.util.upsertQueryData(
      'cftOrders',
      undefined,
      orders.map((o) => ({ ...o, PurchasedOn: '2026-03-01T00:00:00.000Z' })),
    ),
  );
  await store.dispatch(
    indexesApi.util.upsertQueryData('cftProducts', undefined, { 'CFT Download (one country)': 'prod-cft', Standard: 'prod-std' }),
  );
  await store.dispatch(notificationsApi.util.upsertQueryData('follows', undefined, []));
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/index']}>
        <Routes>
          <Route path="/index" element={<IndexListPage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  // the export buttons load after the list
  if (rows) await screen.findByRole('group', { name: 'Download Compliance Index' });
  return store;
}

const bodyRows = () => within(screen.getByRole('tabpanel')).getAllByRole('row').slice(1);

describe('Compliance Index list', () => {
  const rows = [
    row('Alpha', 80),
    row('Bravo', 79.5, { IsSpecialNotice: true, Watchlist: true }),
    row('Charlie', 90, { QualifyingDeclarations: false }),
    row('Delta', 0, { Category: 'Unscored', Scored: false }),
  ];

  it('shows the two tabs with their counts and sorts special-notice rows one point higher', async () => {
    await renderIndex(rows, user([RoleIds.Standard]));
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'View country scores with qualifying declarations made (3)',
      'View country scores with no qualifying declarations made (1)',
    ]);
    // Bravo (79.5 + 1) sorts above Alpha (80); Delta (0) last
    expect(bodyRows().map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual([
      'Bravo',
      'Alpha',
      expect.stringContaining('Delta'),
    ]);
    fireEvent.click(screen.getByRole('tab', { name: /no qualifying declarations/ }));
    expect(bodyRows()).toHaveLength(1);
  });

  it('shows the zero-score caution without a link to the scorecard', async () => {
    await renderIndex(rows, user([RoleIds.Standard]));
    const delta = bodyRows()[2];
    expect(delta.textContent).toContain('No views have been received');
    expect(within(delta).queryByRole('link')).toBeNull();
  });

  it('offers Download to CFT roles and Order (to checkout with the CFT product) to others', async () => {
    await renderIndex(rows, user([RoleIds.Standard]));
    const order = within(bodyRows()[0]).getByRole('link', { name: /Order the certified scorecard of Bravo/ });
    expect(order.getAttribute('href')).toBe('/checkout/prod-cft?groupId=g-Bravo&periodId=p1');
  });

  it('offers Download for the one country and period a user ordered, Order for the others', async () => {
    await renderIndex([row('Alpha', 80), row('Bravo', 70, { PeriodId: 'p2' }), row('Kenya', 60)], user([RoleIds.Standard]), [
      { GroupId: 'g-Kenya', PeriodId: 'p1' },
      { GroupId: 'g-Bravo', PeriodId: 'p1' },
    ]);
    const [alpha, bravo, kenya] = bodyRows();
    expect(within(kenya).getByRole('button', { name: 'Download the certified scorecard of Kenya' })).toBeTruthy();
    expect(within(alpha).getByRole('link', { name: /Order the certified scorecard of Alpha/ })).toBeTruthy();
    // Bravo was ordered for an earlier period: its current one must be ordered again
    expect(within(bravo).getByRole('link', { name: /Order the certified scorecard of Bravo/ })).toBeTruthy();
  });

  it('links rows to the scorecard for those who may open it; marks the others locked, leading to how to open them', async () => {
    await renderIndex(rows, user([RoleIds.CountryViewer], ['g-Alpha']));
    expect(screen.getByRole('link', { name: 'Alpha' }).getAttribute('href')).toBe('/index/g-Alpha');
    const locked = screen.getByRole('link', { name: `Bravo (${LOCKED_COUNTRY_TEXT})` });
    expect(locked.getAttribute('href')).toBe('/restricted?country=g-Bravo');
  });

  it('makes a free user one offer above the list, not one per row', async () => {
    const many = Array.from({ length: 12 }, (_, i) => row(`Country${String(i).padStart(2, '0')}`, 60 + i));
    await renderIndex(many, { ...user([RoleIds.FreeAccess]), IsFree: true });
    const offer = screen.getByRole('complementary', { name: 'Your free access shows every country’s score and category' });
    expect(offer.textContent).toContain('Standard plan at $10,000 per year');
    expect(offer.textContent).toContain('$2,000 per country per year');
    expect(within(offer).getByRole('link', { name: 'Compare plans' }).getAttribute('href')).toBe('/purchaseAccess');
    expect(screen.getAllByRole('complementary')).toHaveLength(1);
    const table = screen.getByRole('tabpanel');
    expect(table.textContent).not.toMatch(/Standard plan|buy this country|\$/);
    // each row: the country, quietly locked, and Order as a link (not a button per row)
    expect(within(table).queryAllByRole('button', { name: /Order/ })).toHaveLength(0);
    expect(within(table).getAllByRole('link', { name: /^Order the certified scorecard of/ })).toHaveLength(10);
  });

  it('offers a country respondent nothing: no offer, locked rows are not links to a sale', async () => {
    await renderIndex(rows, user([RoleIds.CountryRespondent], ['g-Alpha']));
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(screen.getByRole('link', { name: 'Alpha' }).getAttribute('href')).toBe('/index/g-Alpha');
    expect(screen.queryByRole('link', { name: /^Bravo/ })).toBeNull();
    expect(bodyRows()[0].textContent).toContain(LOCKED_COUNTRY_TEXT);
  });

  it('moves between the tabs with the arrow keys, Home and End, the selected tab alone in the Tab order', async () => {
    await renderIndex(rows, user([RoleIds.Standard]));
    const [made, notMade] = screen.getAllByRole('tab');
    expect([made.tabIndex, notMade.tabIndex]).toEqual([0, -1]);
    made.focus();
    fireEvent.keyDown(made, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(notMade);
    expect(notMade.getAttribute('aria-selected')).toBe('true');
    expect([made.tabIndex, notMade.tabIndex]).toEqual([-1, 0]);
    expect(bodyRows()).toHaveLength(1);
    // wraps around, both ways
    fireEvent.keyDown(notMade, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(made);
    fireEvent.keyDown(made, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(notMade);
    fireEvent.keyDown(notMade, { key: 'Home' });
    expect(document.activeElement).toBe(made);
    fireEvent.keyDown(made, { key: 'End' });
    expect(document.activeElement).toBe(notMade);
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(notMade.id);
  });

  it('says which period it shows and lets the reader see every country on one page', async () => {
    const many = Array.from({ length: 30 }, (_, i) => row(`Country${String(i).padStart(2, '0')}`, 60 + i, { Period: 'September 2026' }));
    await renderIndex(many, user([RoleIds.Standard]));
    expect(screen.getByText('Scores of September 2026.')).toBeTruthy();
    expect(bodyRows()).toHaveLength(10);
    const size = screen.getByLabelText('Rows per page') as HTMLSelectElement;
    fireEvent.change(size, { target: { value: within(size).getByText('All (30)').getAttribute('value') } });
    expect(bodyRows()).toHaveLength(30);
  });

  it('filters by country name across both tabs', async () => {
    await renderIndex(rows, user([RoleIds.Enhanced]));
    fireEvent.change(screen.getByLabelText('Search countries'), { target: { value: 'char' } });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'View country scores with qualifying declarations made (0)',
      'View country scores with no qualifying declarations made (1)',
    ]);
  });

  it('shows the tab holding the matches when the one open has none, and points at matches in the other', async () => {
    await renderIndex(rows, user([RoleIds.Enhanced]));
    const search = screen.getByLabelText('Search countries');
    fireEvent.change(search, { target: { value: 'Char' } });
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('View country scores with no qualifying declarations made (1)');
    expect(screen.queryByText('No country matches this search.')).toBeNull();
    expect(bodyRows().map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual(['Charlie']);
    // a search matching both tabs stays on the open one and says where the others are
    fireEvent.change(search, { target: { value: 'a' } });
    expect(screen.getByRole('tab', { selected: true }).textContent).toMatch(/no qualifying declarations made/);
    expect(screen.getByRole('status').textContent).toContain('3 matches in the other tab.');
    fireEvent.click(within(screen.getByRole('status')).getByRole('button', { name: 'Show them' }));
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('View country scores with qualifying declarations made (3)');
    // nothing anywhere: said plainly
    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(screen.getByText('No country matches this search.')).toBeTruthy();
  });

  it('applies a search typed before the list arrived once it does', async () => {
    const store = await renderIndex(null, user([RoleIds.Enhanced]));
    fireEvent.change(screen.getByLabelText('Search countries'), { target: { value: 'Char' } });
    await act(() => store.dispatch(indexesApi.util.upsertQueryData('indexList', undefined, rows)));
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('View country scores with no qualifying declarations made (1)');
  });
});

describe('helpers', () => {
  it('reads the file name of a download, UTF-8 first', () => {
    expect(
      fileNameOf(
        `attachment; filename="C_te d_Ivoire Scorecard.pdf"; filename*=UTF-8''C%C3%B4te%20d%E2%80%99Ivoire%20Scorecard.pdf`,
        'x.pdf',
      ),
    ).toBe('Côte d’Ivoire Scorecard.pdf');
    expect(fileNameOf('attachment; filename="ASU_assessment2026-03-01.xlsx"', 'x')).toBe('ASU_assessment2026-03-01.xlsx');
    expect(fileNameOf(null, 'fallback.pdf')).toBe('fallback.pdf');
  });

  it('filters historical data: any value within a key, all keys together', () => {
    const h = (Country: string, Year: number, Score: number) => ({
      GroupId: Country,
      Country,
      CountryId: null,
      LogoPath: null,
      PeriodId: `${Year}`,
      Period: `${Year}`,
      Year,
      Score,
      Category: 'High',
      MapCategory: 'High',
      Watchlist: false,
    });
    const data = [h('Ireland', 2025, 80), h('Ireland', 2026, 82), h('Kenya', 2026, 60)];
    expect(applyFilters(data, [{ key: 'Year', value: '2026' }]).map((r) => r.Country)).toEqual(['Ireland', 'Kenya']);
    expect(
      applyFilters(data, [
        { key: 'Year', value: '2026' },
        { key: 'Country', value: 'ire' },
      ]).map((r) => r.Score),
    ).toEqual([82]);
    expect(
      applyFilters(data, [
        { key: 'Score', value: '80' },
        { key: 'Score', value: '60' },
      ]),
    ).toHaveLength(2);
  });
});
