import { act, fireEvent, screen } from '@testing-library/react';

import type { GroupIndexRow } from '@cti/contracts';

import { makeStore } from '../../../app/store';
import { renderInApp } from '../../../test-support/in-app';
import { gateway } from '../../../test-support/played-gateway';
import { adminSession } from '../../../test-support/sessions';
import { signedIn } from '../../auth/auth-slice';
import { indexesApi } from '../indexes-api';

import ComparePage from './ComparePage';

type PlayedGateway = typeof import('../../../test-support/played-gateway');
jest.mock('../../../app/base-query', () => jest.requireActual<PlayedGateway>('../../../test-support/played-gateway').playedBaseQuery());

const country = (GroupId: string, Group: string, CountryId: string, Score: number): GroupIndexRow => ({
  GroupId,
  Group,
  LogoPath: null,
  CountryId,
  Watchlist: false,
  Score,
  Category: 'High',
  IsSpecialNotice: false,
  QualifyingDeclarations: true,
  Suspended: false,
  ASU: 'Eligible',
  PBA: null,
  Period: 'September 2026',
  PeriodId: 'p-sep-2026',
  Scored: true,
  IsPublic: false,
  IsDemo: true,
});
const rows = [country('g-br', 'Brazil', 'br', 71), country('g-ie', 'Ireland', 'ie', 82), country('g-ke', 'Kenya', 'ke', 64)];

beforeEach(() => {
  localStorage.clear();
  // the comparison itself never arrives: the test is about the picker
  gateway.mockImplementation(() => new Promise(() => undefined));
});

describe('the compare view’s country picker', () => {
  it('keeps every country picked in quick succession, before the page has rendered the earlier picks', async () => {
    const store = makeStore();
    store.dispatch(signedIn({ session: adminSession, isFree: false }));
    await store.dispatch(indexesApi.util.upsertQueryData('indexList', undefined, rows));
    renderInApp(store, <ComparePage />);
    const picker = screen.getByLabelText('Add a country');
    // two picks handled before React renders the first one's address (as on a busy machine)
    act(() => {
      fireEvent.change(picker, { target: { value: 'BR' } });
      fireEvent.change(picker, { target: { value: 'KE' } });
    });
    expect(screen.getByRole('button', { name: 'Remove Brazil' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove Kenya' })).toBeTruthy();
    act(() => {
      fireEvent.change(screen.getByLabelText('Add a country'), { target: { value: 'IE' } });
      fireEvent.click(screen.getByRole('button', { name: 'Remove Brazil' }));
    });
    expect(screen.getAllByRole('button', { name: /^Remove / }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Remove Kenya',
      'Remove Ireland',
    ]);
  });
});
