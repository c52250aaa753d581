import { screen } from '@testing-library/react';

import { RoleIds, type RoleName } from '@cti/access';
import type { SessionUser } from '@cti/contracts';

import { makeStore } from '../../app/store';
import { signedIn } from '../../features/auth/auth-slice';
import { renderInApp } from '../../test-support/in-app';
import { gateway } from '../../test-support/played-gateway';

import { Header } from './Header';

type PlayedGateway = typeof import('../../test-support/played-gateway');
jest.mock('../../app/base-query', () => jest.requireActual<PlayedGateway>('../../test-support/played-gateway').playedBaseQuery());

function renderHeader(roles: RoleName[], more: Partial<SessionUser> = {}, isFree = false) {
  window.localStorage.clear();
  const store = makeStore();
  store.dispatch(
    signedIn({
      session: {
        Id: 'u1',
        Username: 'rita@example.com',
        Name: 'Rita Reader',
        FirstName: 'Rita',
        LastName: 'Reader',
        Roles: roles.map((r) => RoleIds[r]),
        IsGroupManager: false,
        MustAgreeCTC: false,
        IsACID: false,
        IsAdmin: roles.includes('Admin'),
        Groups: [],
        IsFree: isFree,
        Token: 't',
        RefreshToken: 'r',
        ...more,
      },
      isFree,
    }),
  );
  renderInApp(store, <Header />);
}

beforeEach(() => {
  gateway.mockReset();
  gateway.mockResolvedValue({ data: [] });
});

describe('what the header sells', () => {
  it.each<[string, RoleName[]]>([
    ['an admin', ['Admin']],
    ['a country respondent', ['CountryRespondent']],
    ['a respondent who also bought a country', ['CountryRespondent', 'CountryViewer']],
  ])('shows %s neither Upgrade nor the cart', (_who, roles) => {
    renderHeader(roles);
    expect(screen.queryByRole('link', { name: 'Upgrade' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Cart' })).toBeNull();
  });

  it('offers a free user Upgrade and the cart', () => {
    renderHeader(['FreeAccess'], {}, true);
    expect(screen.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/purchaseAccess');
    expect(screen.getByRole('link', { name: 'Cart' })).toBeTruthy();
  });

  it('keeps the cart for an Enhanced subscriber, with nothing to upgrade to', () => {
    renderHeader(['Enhanced']);
    expect(screen.queryByRole('link', { name: 'Upgrade' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Cart' })).toBeTruthy();
  });
});
