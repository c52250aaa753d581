import { act, fireEvent, screen } from '@testing-library/react';

import { RoleIds } from '@cti/access';
import type { ManagedUser, SessionUser } from '@cti/contracts';

import { makeStore } from '../../../app/store';
import { recordFieldsAsInserted } from '../../../test-support/fields-as-inserted';
import { renderInApp } from '../../../test-support/in-app';
import { managedUser } from '../../../test-support/sessions';
import { sessionRefreshed, signedIn } from '../../auth/auth-slice';
import { accountsApi } from '../accounts-api';

import UsersAdminPage from './UsersAdminPage';

// a group manager of Ireland: new users start in the manager's groups
const manager: SessionUser = {
  Id: 'm1',
  Username: 'manager@example.ie',
  Name: 'Maeve Manager',
  FirstName: 'Maeve',
  LastName: 'Manager',
  Roles: [RoleIds.CountryRespondent],
  IsGroupManager: true,
  MustAgreeCTC: false,
  IsACID: false,
  IsAdmin: false,
  Groups: [{ Id: 'g-ie', Name: 'Ireland', Type: 'Country', CountryId: 'IE' }],
  IsFree: false,
  Token: 't1',
  RefreshToken: 'r1',
};
const user = (Id: string, FirstName: string, LastName: string): ManagedUser =>
  managedUser({
    Id,
    FirstName,
    LastName,
    Email: `${FirstName.toLowerCase()}@example.ie`,
    Groups: [{ Id: 'g-ie', Name: 'Ireland' }],
    Roles: [{ Id: RoleIds.CountryViewer, Name: 'CountryViewer' }],
    Organization: 'Department of Justice',
    OrganizationAddress: 'Dublin',
    CreatorId: 'm1',
    GroupNameList: ['Ireland'],
    GroupNames: 'Ireland',
    RoleNameList: ['CountryViewer'],
    RoleNames: 'CountryViewer',
  });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

async function renderPage() {
  const store = makeStore();
  store.dispatch(signedIn({ session: manager, isFree: false }));
  await store.dispatch(
    accountsApi.util.upsertQueryData('managedUsers', undefined, [user('u1', 'Aoife', 'Byrne'), user('u2', 'Ciarán', 'Doyle')]),
  );
  await store.dispatch(
    accountsApi.util.upsertQueryData('roles', undefined, [
      { Id: RoleIds.CountryViewer, Name: 'CountryViewer' },
      { Id: RoleIds.CountryRespondent, Name: 'CountryRespondent' },
    ]),
  );
  await store.dispatch(accountsApi.util.upsertQueryData('managerGroups', undefined, []));
  await store.dispatch(accountsApi.util.upsertQueryData('calculatorGroups', undefined, []));
  renderInApp(store, <UsersAdminPage />);
  return store;
}

const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('Users: the dialogs opened from the list', () => {
  it('the user dialog shows the user clicked from its first frame, never empty or the user opened before', async () => {
    await renderPage();
    const recorder = recordFieldsAsInserted();
    try {
      const opened = (button: string) => recorder.shownAfterClicking(button, ['First name', 'Last name', 'Organization']);
      expect(opened('Aoife Byrne')).toEqual(['Aoife', 'Byrne', 'Department of Justice']);
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(opened('Ciarán Doyle')).toEqual(['Ciarán', 'Doyle', 'Department of Justice']);
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(opened('Add user')).toEqual(['', '', '']);
    } finally {
      recorder.stop();
    }
  });

  it('the user dialog keeps what a group manager typed when the session is renewed meanwhile', async () => {
    const store = await renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Add user' }));
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Niamh' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Walsh' } });
    // an expired access token renewed (by any request of this tab, or by another tab): a new session user
    act(() => {
      store.dispatch(sessionRefreshed({ ...manager, Token: 't2', RefreshToken: 'r2' }));
    });
    expect([value('First name'), value('Last name')]).toEqual(['Niamh', 'Walsh']);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Aoife Byrne' }));
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Byrne-Kelly' } });
    act(() => {
      store.dispatch(sessionRefreshed({ ...manager, Token: 't3', RefreshToken: 'r3' }));
    });
    expect(value('Last name')).toBe('Byrne-Kelly');
  });

  it('the external request dialog opens empty from its first frame, not with the request typed before it was cancelled', async () => {
    await renderPage();
    const button = 'External legal representative access request';
    fireEvent.click(screen.getByRole('button', { name: button }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Sean Murphy' } });
    fireEvent.change(screen.getByLabelText('Organization'), { target: { value: 'Murphy & Co' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const recorder = recordFieldsAsInserted();
    try {
      fireEvent.click(screen.getByRole('button', { name: button }));
      expect(['Name', 'Organization'].map((label) => recorder.first(label)?.value)).toEqual(['', '']);
    } finally {
      recorder.stop();
    }
    expect([value('Name'), value('Organization')]).toEqual(['', '']);
  });
});
