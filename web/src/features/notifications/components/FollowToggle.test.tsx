import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';

import { RoleIds } from '@cti/access';
import type { FollowedCountry, SessionUser } from '@cti/contracts';

import { makeStore } from '../../../app/store';
import { signedIn } from '../../auth/auth-slice';
import { notificationsApi } from '../notifications-api';

import { FollowToggle } from './FollowToggle';
import { UnreadBadge } from './UnreadBadge';

const session = (roles: number[], free = false): SessionUser => ({
  Id: 'u1',
  Username: 'u@example.com',
  Name: 'U',
  FirstName: 'U',
  LastName: 'U',
  Roles: roles,
  IsGroupManager: false,
  MustAgreeCTC: false,
  IsACID: false,
  IsAdmin: false,
  Groups: [],
  IsFree: free,
  Token: 't',
  RefreshToken: 'r',
});
const ireland: FollowedCountry = {
  GroupId: 'g-ie',
  Group: 'Ireland',
  CountryId: 'IE',
  LogoPath: null,
  Since: '2026-01-01T00:00:00.000Z',
  Visible: true,
};

// the store starts from the session kept in browser storage: each test starts signed out
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

async function renderWith(ui: React.ReactNode, user: SessionUser | null, follows: FollowedCountry[] = [], unread = 0) {
  const store = makeStore();
  if (user) store.dispatch(signedIn({ session: user, isFree: user.IsFree }));
  await store.dispatch(notificationsApi.util.upsertQueryData('follows', undefined, follows));
  await store.dispatch(notificationsApi.util.upsertQueryData('unreadCount', undefined, { Count: unread }));
  render(
    <Provider store={store}>
      <MemoryRouter>{ui}</MemoryRouter>
    </Provider>,
  );
}

describe('Follow control', () => {
  it('offers to follow a country the user may open, and shows when they follow it', async () => {
    await renderWith(<FollowToggle groupId="g-cl" country="Chile" countryId="CL" />, session([RoleIds.Standard]), [ireland]);
    expect(screen.getByRole('button', { name: 'Follow' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('reads Following, pressed, for a followed country; the icon variant carries the country in its name only', async () => {
    await renderWith(<FollowToggle groupId="g-ie" country="Ireland" variant="icon" allowed />, session([RoleIds.Standard]), [ireland]);
    const star = screen.getByRole('button', { name: 'Following Ireland' });
    expect(star.getAttribute('aria-pressed')).toBe('true');
    expect(star.textContent).toBe('');
  });

  it('is not shown to signed-out users nor for a country the user may not open', async () => {
    await renderWith(<FollowToggle groupId="g-ie" country="Ireland" countryId="IE" />, null);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('is not shown to a free user for a country other than the public one', async () => {
    await renderWith(<FollowToggle groupId="g-ie" country="Ireland" countryId="IE" />, session([RoleIds.FreeAccess], true));
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('Alerts link in the header', () => {
  it('shows the number of unread alerts', async () => {
    await renderWith(<UnreadBadge />, session([RoleIds.Standard]), [], 3);
    expect(screen.getByRole('link', { name: 'Alerts, 3 unread' }).getAttribute('href')).toBe('/notifications');
  });

  it('is not shown (nor asked for) while the terms still hold the user: every service refuses their token', async () => {
    await renderWith(<UnreadBadge />, { ...session([RoleIds.Standard]), MustAgreeCTC: true }, [], 3);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('says Alerts without a count when all are read, and nothing when signed out', async () => {
    await renderWith(<UnreadBadge />, session([RoleIds.Standard]));
    expect(screen.getByRole('link', { name: 'Alerts' })).toBeTruthy();
  });
});
